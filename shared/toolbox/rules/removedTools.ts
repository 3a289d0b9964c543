/**
 * Tools neuro-san's default toolbox used to hold and no longer does (they were built on the sunset langchain-community
 * package). neuro-san answers a reference to one that the user's file does not define whole with its own migration
 * message, in these words.
 */
export const REMOVED_TOOLS: ReadonlySet<string> = new Set([
  'requests_get',
  'requests_post',
  'requests_patch',
  'requests_put',
  'requests_delete',
  'requests_toolkit',
]);

export function removedToolMessage(tool: string): string {
  return (
    `Tool '${tool}' was removed from the default toolbox because it was built on the deprecated langchain-community ` +
    'package. To keep using it, define it in your own toolbox info file and register that file with the ' +
    "AGENT_TOOLBOX_INFO_FILE environment variable or the 'toolbox_info_file' key in the agent network hocon file. " +
    'See https://github.com/cognizant-ai-lab/neuro-san/blob/main/docs/toolbox_info_hocon_reference.md'
  );
}

/** What neuro-san says of a tool it does not find, or finds set to null: the sources it searched. */
export function notDefinedMessage(tool: string, toolboxFile: string | undefined): string {
  return `Tool '${tool}' is not defined in the default toolbox info file${toolboxFile ? ` or in ${toolboxFile}` : ''}.`;
}

import { CHANGES, compareVersions, parseVersion, versionWords, type NeuroSanChange, type NeuroSanFacts } from '../../neurosan/versions/index';

/**
 * Tools neuro-san's default toolbox used to hold and no longer does. From the release that removed the requests tools
 * (shared/neurosan/versions/facts.ts), neuro-san answers a reference to one that the user's file does not define whole
 * with its own migration message, in these words; before it, with "not defined".
 */
export function isRemovedTool(tool: string, facts: NeuroSanFacts): boolean {
  return facts.sure.removedTools.includes(tool) && facts.maybe.removedTools.includes(tool);
}

export function removedToolMessage(tool: string): string {
  return (
    `Tool '${tool}' was removed from the default toolbox because it was built on the deprecated langchain-community ` +
    'package. To keep using it, define it in your own toolbox info file and register that file with the ' +
    "AGENT_TOOLBOX_INFO_FILE environment variable or the 'toolbox_info_file' key in the agent network hocon file. " +
    'See https://github.com/cognizant-ai-lab/neuro-san/blob/main/docs/toolbox_info_hocon_reference.md'
  );
}

/**
 * What neuro-san says of a tool it does not find, or finds set to null: the sources it searched (newer releases), or
 * the user's file as configured (older ones, which print `None` when there is none).
 */
export function notDefinedMessage(tool: string, toolboxFile: string | undefined, facts: NeuroSanFacts): string {
  if (facts.sure.notDefinedWording === 'sources') return `Tool '${tool}' is not defined in the default toolbox info file${toolboxFile ? ` or in ${toolboxFile}` : ''}.`;
  return `Tool '${tool}' is not defined in ${toolboxFile ?? 'None'}.`;
}

/** `'bing_search' left neuro-san's default toolbox in 0.5.56 (PR #369, 2025-08-18)...`, for a tool that left it by this version. */
export function leftDefaultToolboxWords(tool: string, facts: NeuroSanFacts): string | undefined {
  if (facts.sure.defaultTools.includes(tool) || facts.maybe.defaultTools.includes(tool)) return undefined;
  let had = false;
  let left: NeuroSanChange | undefined;
  for (const change of CHANGES) {
    if (change.version === undefined || compareVersions(facts.version, parseVersion(change.version)!) < 0) break;
    const tools = change.set.defaultTools;
    if (tools === undefined) continue;
    if (tools.includes(tool)) {
      had = true;
      left = undefined;
    } else if (had && left === undefined) left = change;
  }
  if (!left) return undefined;
  const pr = left.source.pr !== undefined ? `PR #${left.source.pr}, ` : '';
  return `'${tool}' left neuro-san's default toolbox in ${left.version} (${pr}${left.source.date}); the project runs ${versionWords(facts)}.`;
}

/**
 * Which language server the extension starts. `toolboxEditor.server.command` names a program to run, so only the
 * user's own settings may set it: a repository's `.vscode/settings.json` (or a workspace file) is the repository's,
 * and a value there must not choose what runs when the folder is opened. The setting is machine-scoped in package.json
 * (VS Code then ignores it in workspace settings) and listed in `restrictedConfigurations`; this reads only the user's
 * and the default value as well, whatever VS Code would merge.
 */

/** What `WorkspaceConfiguration.inspect()` gives for a setting (the levels this reads; the others are ignored). */
export interface InspectedSetting {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The setting that names the server to run instead of the carried one. */
export const SERVER_COMMAND_SETTING = 'server.command';

/**
 * The command and arguments the user set in their own settings, or none (start the carried server): a workspace or
 * folder value is ignored, and so is anything but a non-empty list of strings whose first is a program.
 */
export function userServerCommand(inspected: InspectedSetting | undefined): string[] {
  const value = inspected?.globalValue ?? inspected?.defaultValue;
  if (!Array.isArray(value) || value.length === 0 || !value.every((part) => typeof part === 'string')) return [];
  return (value as string[])[0]!.trim() === '' ? [] : (value as string[]);
}

import path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type Executable, type NodeModule, type ServerOptions } from 'vscode-languageclient/node';
import { SERVER_COMMAND_SETTING, userServerCommand } from './serverCommand';

/**
 * The client: starts `toolbox-editor lsp --stdio` (the server this extension carries, run by VS Code's own Node, or
 * the command in the user's `toolboxEditor.server.command`) for HOCON files. Everything the editor shows comes from the
 * server, which only reads files: it runs no project code, so it starts in Restricted Mode too (package.json
 * `capabilities.untrustedWorkspaces`). A workspace's value of the command is never used (serverCommand.ts).
 */
let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const configured = userServerCommand(workspace.getConfiguration('toolboxEditor').inspect<unknown>(SERVER_COMMAND_SETTING));
  const carried: NodeModule = { module: context.asAbsolutePath(path.join('dist', 'server.cjs')), args: ['lsp'], transport: TransportKind.stdio };
  const server: ServerOptions = configured.length > 0 ? ({ command: configured[0]!, args: configured.slice(1) } satisfies Executable) : carried;
  client = new LanguageClient('toolboxEditor', 'Toolbox Editor', server, {
    documentSelector: [{ scheme: 'file', language: 'hocon' }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/{*.hocon,*.conf,.env,.toolbox-editor.json}') },
  });
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

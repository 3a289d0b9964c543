import path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type Executable, type NodeModule, type ServerOptions } from 'vscode-languageclient/node';

/**
 * The client: starts `toolbox-editor lsp --stdio` (the server this extension carries, run by VS Code's own Node, or
 * the command in `toolboxEditor.server.command`) for HOCON files. Everything the editor shows comes from the server.
 */
let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const configured = workspace.getConfiguration('toolboxEditor').get<string[]>('server.command') ?? [];
  const carried: NodeModule = { module: context.asAbsolutePath(path.join('dist', 'server.cjs')), args: ['lsp'], transport: TransportKind.stdio };
  const server: ServerOptions = configured.length > 0 ? ({ command: configured[0]!, args: configured.slice(1) } satisfies Executable) : carried;
  client = new LanguageClient('toolboxEditor', 'Toolbox Editor', server, {
    documentSelector: [{ scheme: 'file', language: 'hocon' }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/{*.hocon,*.conf,.env}') },
  });
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

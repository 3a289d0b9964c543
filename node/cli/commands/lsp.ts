import { parseCommandLine, UsageError, type CliCommand } from '../command';

export const lspCommand: CliCommand = {
  name: 'lsp',
  usage: [
    'Usage: toolbox-editor lsp --stdio',
    '',
    'Speaks the Language Server Protocol on standard input and output: the diagnostics `validate DIR` prints for',
    "the file's neuro-san project (the nearest folder upward holding registries/, else the file's folder), hovers,",
    'completions, quick fixes, go to definition, find references, rename, outline, folding and formatting (the',
    'same as `format`). It never runs project code. VS Code, Neovim and JetBrains: docs/editors.md.',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { stdio: { type: 'boolean', default: false } });
    if (!parsed.values.stdio) throw new UsageError('give --stdio (the only transport)');
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
    // Standard output is the protocol's: anything a library logs goes to standard error instead.
    console.log = console.error;
    console.info = console.error;
    // Loaded here, not by every command: the protocol's libraries are a good part of what starting the CLI costs.
    const { createConnection, ProposedFeatures } = await import('vscode-languageserver/node');
    const { startLanguageServer } = await import('../../language/languageServer');
    const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
    startLanguageServer(connection, { env: io.env });
    // Runs until the client says exit (vscode-languageserver ends the process then).
    return new Promise<number>(() => {});
  },
};

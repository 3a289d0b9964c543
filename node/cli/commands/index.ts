import type { CommandEntry } from '../command';

/**
 * Every subcommand, in the order `--help` lists them. Add a new one here and nowhere else. Each command's module is
 * imported only when that command runs (loading all of them cost ~0.05 s on every command), so its one-line summary
 * lives here and not in the module.
 */
export const commands: CommandEntry[] = [
  { name: 'web', summary: 'start browser mode: the editor served on 127.0.0.1 (prints the URL to open)', load: async () => (await import('./web')).webCommand },
  { name: 'tools', summary: 'list the effective tools of a toolbox (or agent network) file, with kind, class and origin', load: async () => (await import('./tools')).toolsCommand },
  { name: 'agents', summary: "list an agent network's agents as neuro-san reads them (front man marked); --agent NAME: what its LLM is offered", load: async () => (await import('./agents')).agentsCommand },
  { name: 'validate', summary: 'check toolbox or agent network files the way neuro-san reads them (exit 1 on any error)', load: async () => (await import('./validate')).validateCommand },
  { name: 'check', summary: "preflight every tool in its Python environment: imports, constructor args, API keys, invoke (exit 1 on any problem)", load: async () => (await import('./check')).checkCommand },
  { name: 'catalog', summary: "print the tool catalog an LLM is shown, exactly as Python Jinja2 renders it (exit 1 if its contract fails)", load: async () => (await import('./catalog')).catalogCommand },
  { name: 'diff', summary: 'what changed in the tools and the catalog against a git revision or another file (exit 1 if breaking)', load: async () => (await import('./diff')).diffCommand },
  { name: 'similar', summary: 'the tools an LLM could confuse, by the words of their catalog entries; --query ranks tools against a request', load: async () => (await import('./similar')).similarCommand },
  { name: 'render', summary: 'render any Jinja2 template exactly as Python Jinja2 would, with a JSON context', load: async () => (await import('./render')).renderCommand },
  { name: 'call', summary: 'run one tool of a toolbox file with chosen arguments and sly_data', load: async () => (await import('./call')).callCommand },
  { name: 'test', summary: "run a toolbox's saved test cases (FILE's .tests.json); exit 1 if one fails or could not run", load: async () => (await import('./test')).testCommand },
  { name: 'mcp', summary: "serve a toolbox's tools to MCP clients (stdio, or Streamable HTTP on 127.0.0.1)", load: async () => (await import('./mcp')).mcpCommand },
  { name: 'scaffold', summary: "write a coded tool's Python module from its entry (class name, description, parameters); never overwrites", load: async () => (await import('./scaffold')).scaffoldCommand },
  { name: 'rename', summary: 'rename a tool in its toolbox, the networks that use it, its saved test cases and its history', load: async () => (await import('./rename')).renameCommand },
  { name: 'resolve', summary: 'print HOCON files resolved (includes, substitutions) as JSON', load: async () => (await import('./hoconCommands')).resolveCommand },
  { name: 'print', summary: 'print a HOCON file back from its syntax tree (byte for byte)', load: async () => (await import('./hoconCommands')).printCommand },
  { name: 'set', summary: 'set a value in a HOCON file, keeping everything else byte for byte', load: async () => (await import('./hoconCommands')).setCommand },
  { name: 'unset', summary: 'remove a key from a HOCON file (with its comment lines), keeping the rest byte for byte', load: async () => (await import('./hoconCommands')).unsetCommand },
  { name: 'format', summary: 'format HOCON files, keeping every comment and every value as both readings see it', load: async () => (await import('./format')).formatCommand },
  { name: 'lsp', summary: 'run the HOCON language server (LSP 3.17) for VS Code, Neovim, JetBrains and other editors', load: async () => (await import('./lsp')).lspCommand },
];

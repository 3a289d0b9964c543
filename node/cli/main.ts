import { commands } from './commands/index';
import { UsageError, type CliIo } from './command';
import { APP_VERSION } from '../../shared/version';
import { errorMessage } from '../../shared/errorMessage';

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: toolbox-editor <command> [options]',
    '',
    'Author, validate, preview and test-run neuro-san toolbox_info.hocon files.',
    '',
    'Commands:',
    ...lines,
    '',
    "Only a run starts the project's Python (its interpreter, PYTHONPATH, .env, working directory) and so its code:",
    '`call`, `test`, `check`, `validate --with-neuro-san`, and an MCP client\'s tools/call to `mcp`. Every other',
    "command reads files; where it must know what Python has installed it reads the interpreter's site-packages, or",
    'asks python3 in isolated mode (-I -S, outside the project). The CLI uses the interpreter the project\'s',
    '.toolbox-editor.json names (--python overrides it); the app asks before it starts one a project names.',
    '',
    'Options:',
    '  --help     show this help (or `toolbox-editor <command> --help` for one command)',
    '  --version  print the version',
    '',
  ].join('\n');
}

/** Runs the CLI with the given arguments (without `node` and the script); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(helpText());
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${APP_VERSION}\n`);
    return 0;
  }
  const entry = commands.find((c) => c.name === first);
  if (!entry) {
    io.stderr(`toolbox-editor: unknown command '${first}'\n\n${helpText()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`toolbox-editor ${command.name}: ${error.message}\n\n${command.usage}\n`);
      return 2;
    }
    const message = errorMessage(error);
    io.stderr(`toolbox-editor ${command.name}: ${message}\n`);
    return 1;
  }
}

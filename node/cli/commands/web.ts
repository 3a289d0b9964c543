import path from 'node:path';
import { rendererDir } from '../../paths';
import { defaultStateDir } from '../../state/userState';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { isDirectoryArgument } from '../../project/projectArgument';

/** The environment with `dirs` in front of its PYTHONPATH. */
function withPythonPath(env: Record<string, string | undefined>, dirs: string[]): Record<string, string | undefined> {
  const existing = (env.PYTHONPATH ?? '').split(path.delimiter).filter((p) => p !== '' && !dirs.includes(p));
  return { ...env, PYTHONPATH: [...dirs, ...existing].join(path.delimiter) };
}

export const webCommand: CliCommand = {
  name: 'web',
  usage: [
    'Usage: toolbox-editor web [FILE | DIR] [--port N] [--pythonpath DIR]...',
    '',
    'Serves the editor on 127.0.0.1 and prints one line with the URL to open, e.g.',
    '  Toolbox Editor: http://127.0.0.1:PORT/?token=TOKEN',
    'The token in the URL is required by every API request. Stop with Ctrl+C.',
    'A DIR opens as a neuro-san project (the project view: each file\'s kind, the toolbox in use, each tool\'s users).',
    '',
    'Options:',
    '  --port N           listen on port N (default: a free port)',
    '  --pythonpath DIR   put DIR in front of the PYTHONPATH test runs see (repeatable; Preferences can add more)',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { port: { type: 'string' }, pythonpath: { type: 'string', multiple: true } });
    if (parsed.positionals.length > 1) throw new UsageError('give at most one FILE');
    const port = parsed.values.port === undefined ? 0 : Number(parsed.values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535`);
    const given = parsed.positionals[0];
    const project = given !== undefined && isDirectoryArgument(given, io.cwd);
    const file = project ? undefined : given;
    // Loaded here, not by every command: the server and its WebSocket library.
    const { startWebServer } = await import('../../server/webServer');
    const server = await startWebServer({
      port,
      cwd: io.cwd,
      initialFile: file ? path.resolve(io.cwd, file) : null,
      initialProject: project ? path.resolve(io.cwd, given) : null,
      stateDir: defaultStateDir(io.env),
      rendererDir: rendererDir(),
      ...(parsed.values.pythonpath?.length ? { env: withPythonPath(io.env, parsed.values.pythonpath.map((p) => path.resolve(io.cwd, p))) } : {}),
    });
    io.stdout(`Toolbox Editor: ${server.url}\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        void server.close().then(resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  },
};

// The HOCON subcommands, one file each; grouped here so commands/index.ts needs a single import line.
export { resolveCommand } from './resolve';
export { printCommand } from './print';
export { setCommand } from './set';
export { unsetCommand } from './unset';

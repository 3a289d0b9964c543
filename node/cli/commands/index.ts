import type { CliCommand } from '../command';
import { webCommand } from './web';
import { mcpCommand } from './mcp';
import { callCommand } from './call';
import { toolsCommand } from './tools';
import { validateCommand } from './validate';
import { renderCommand } from './render';
import { catalogCommand } from './catalog';
import { testCommand } from './test';
import { checkCommand } from './check';
import { scaffoldCommand } from './scaffold';
import { renameCommand } from './rename';
import { diffCommand } from './diff';
import { similarCommand } from './similar';
import { resolveCommand, printCommand, setCommand, unsetCommand } from './hoconCommands';
import { formatCommand } from './format';
import { lspCommand } from './lsp';

/** Every subcommand, in the order `--help` lists them. Add a new one here and nowhere else. */
export const commands: CliCommand[] = [webCommand, toolsCommand, validateCommand, checkCommand, catalogCommand, diffCommand, similarCommand, renderCommand, callCommand, testCommand, mcpCommand, scaffoldCommand, renameCommand, resolveCommand, printCommand, setCommand, unsetCommand, formatCommand, lspCommand];

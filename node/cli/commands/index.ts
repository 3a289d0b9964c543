import type { CliCommand } from '../command';
import { webCommand } from './web';
import { callCommand } from './call';

/** Every subcommand, in the order `--help` lists them. Add a new one here and nowhere else. */
export const commands: CliCommand[] = [webCommand, callCommand];

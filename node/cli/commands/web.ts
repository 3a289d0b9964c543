import type { CliCommand } from '../command';

export const webCommand: CliCommand = {
  name: 'web',
  summary: 'start browser mode: the editor served on 127.0.0.1',
  usage: 'Usage: toolbox-editor web [FILE] [--port N]',
  async run() {
    throw new Error('not built yet');
  },
};

/** The API's run settings methods: what a document's runs use and where each setting comes from; writing them out. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { ApiError, type ApiRequest, type ApiResponse } from '../../shared/api/index';
import { writeSettingsInUse, SettingsFileError } from '../run/runSettingsWrite';
import type { ToolRuns } from './toolRuns';
import type { InterpreterTrust } from '../state/interpreterTrust';
import { documentPath } from './documentPath';

type Method = 'run.settings' | 'run.writeSettings' | 'run.trustInterpreter';
export type RunSettingsHandlers = { [M in Method]: (request: ApiRequest<M>) => Promise<ApiResponse<M>> };

export function createRunSettingsHandlers(runs: ToolRuns, cwd: string, trust: InterpreterTrust): RunSettingsHandlers {
  const view = (file: string) => {
    const { settings, commandLineOptions } = runs.runContext(file);
    const untrusted = trust.untrusted(settings);
    return { settings, commandLineOptions, ...(untrusted !== undefined ? { untrustedInterpreter: untrusted } : {}) };
  };
  return {
    'run.settings': async ({ path: p }) => view(documentPath(cwd, p)),
    'run.trustInterpreter': async ({ path: p }) => {
      const file = documentPath(cwd, p);
      await trust.trust(runs.runContext(file).settings);
      return view(file);
    },
    'run.writeSettings': async ({ path: p }) => {
      const file = path.resolve(cwd, p);
      // Only for a toolbox saved as a file: the settings go beside it (or at its project's root), never beside a device.
      if (!isRegularFile(file)) throw new ApiError('not_found', `Save the toolbox first: its run settings are written beside it (${file} is not a file).`);
      try {
        await writeSettingsInUse(runs.runContext(file).settings);
      } catch (error) {
        if (error instanceof SettingsFileError) throw new ApiError('conflict', error.message);
        throw error;
      }
      return view(file);
    },
  };
}

function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

import path from 'node:path';
import type { IncludeHost } from '../../shared/hocon/index';
import { isAgentNetwork, loadAgentNetwork, type LoadedNetwork } from '../../shared/toolbox/agentNetwork';
import { loadToolbox, resolveToolboxFile, type LoadedToolbox } from '../../shared/toolbox/loadToolbox';
import type { NeuroSanEntryCache } from '../../shared/neurosan/index';
import type { LoadedClassInfo } from '../../shared/toolbox/toolEntry';
import { fileIncludeHost } from '../hocon/file-include-host';
import { defaultToolboxPath } from '../paths';

export interface DiskLoadOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Do not layer over the default toolbox. */
  noDefault?: boolean;
  classInfo?: ReadonlyMap<string, LoadedClassInfo>;
  /** Unsaved editor text for some paths (absolute), read instead of the disk. */
  overlays?: ReadonlyMap<string, string>;
  /** Where the spec's reading looks for includes not found next to their file (default `cwd`). */
  baseDir?: string;
  /** Whose reading: the HOCON specification's (default) or neuro-san's (see shared/neurosan). */
  reading?: 'neuro-san' | 'spec';
  /** For neuro-san's reading: the working directory neuro-san runs in (absolute); default `cwd`. */
  neuroSanCwd?: string;
  /** For neuro-san's reading of a file being typed in (the app): kept per file between keystrokes. */
  neuroSanEntryCache?: NeuroSanEntryCache;
}

export type LoadedFile = { kind: 'toolbox'; toolbox: LoadedToolbox } | { kind: 'network'; network: LoadedNetwork };

/**
 * Loads a toolbox info file, or an agent network with the toolbox it uses, from disk. Relative paths are kept as
 * the user wrote them in messages and resolved against `cwd`; includes that are not next to their file resolve
 * against `cwd` too (neuro-san's working directory, the project root).
 */
export function loadFileFromDisk(file: string, options: DiskLoadOptions): LoadedFile {
  const host: IncludeHost = {
    readFile(p) {
      const absolute = path.resolve(options.cwd, p);
      return options.overlays?.get(absolute) ?? fileIncludeHost.readFile(absolute);
    },
  };
  const common = {
    host,
    baseDir: options.baseDir ?? options.cwd,
    env: options.env,
    ...(options.reading !== undefined ? { reading: options.reading } : {}),
    ...(options.neuroSanCwd !== undefined ? { neuroSanCwd: options.neuroSanCwd } : {}),
    ...(options.neuroSanEntryCache !== undefined ? { neuroSanEntryCache: options.neuroSanEntryCache } : {}),
    ...(options.noDefault ? {} : { defaultFile: defaultToolboxPath() }),
    ...(options.classInfo ? { classInfo: options.classInfo } : {}),
  };
  // Resolved once: whether it is a network decides how it is read, and the reading reuses it.
  const resolved = resolveToolboxFile(file, common);
  if (isAgentNetwork(resolved.value)) return { kind: 'network', network: loadAgentNetwork(file, { ...common, resolvedNetwork: resolved }) };
  return { kind: 'toolbox', toolbox: loadToolbox({ ...common, userFile: file, resolvedUserFile: resolved }) };
}

/** The effective toolbox of either kind of file. */
export function toolboxOf(loaded: LoadedFile): LoadedToolbox {
  return loaded.kind === 'toolbox' ? loaded.toolbox : loaded.network.toolbox;
}

export function diagnosticsOf(loaded: LoadedFile) {
  return loaded.kind === 'toolbox' ? loaded.toolbox.diagnostics : loaded.network.diagnostics;
}

/**
 * What a neuro-san project on disk is run with, for every surface that reads its files: one owner (issue #34). Its
 * `.env`, its settings (with why a file of them was not read), the environment its files are read in, the neuro-san
 * version it runs, the default toolbox, AGENT_TOOL_PATH_ONLY, the coded-class finder and the runs it ships. Both readers
 * of a project on disk take them from here — `projectReaderOnDisk` (`validate DIR`, the project view, the language
 * server, MCP) and `loadFileFromDisk`'s reader (`validate FILE`, the app's analysis of an open file) — and differ only
 * in the terms of their paths: relative to the root, or the caller's (environmentFrom).
 *
 * Before, each assembled them itself, with two functions for the environment: with AGENT_TOOLBOX_INFO_FILE set in the
 * process, `validate FILE` filled in none of the other settings (a `${AGENT_TOOL_PATH}` the `.env` sets was unset
 * there, set for `validate DIR` and for a tool run's worker), and only `validate DIR` said a `.env` was not read.
 * node/project/oneProjectEnvironment.test.ts keeps them one.
 */
import path from 'node:path';
import type { CodedClassFinder } from '../../shared/project/codedClasses';
import type { ReaderRun } from '../../shared/project/projectReader';
import { SETTING_NAMES, type ProjectSettings } from '../../shared/project/settings';
import { defaultToolboxFileOf, projectVersionFacts, type ProjectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import { codedClassFinderFor } from '../python/codedClassFinder';
import { agentToolPathOnlyOf, packageDefaultToolbox } from './projectFolder';
import { eachPathInList, projectSettingsOf, readDotEnv, readingEnvironment, type DotEnv } from './projectSettingsOnDisk';
import { readerRunsOf } from './readerRuns';
import { slashedWithin } from '../files/slashedPaths';

/** The project's settings and the environment its files are read in: one `.env` read and a few stats. */
export interface ProjectEnvironmentOnDisk {
  /** Absolute. */
  root: string;
  dotEnv: DotEnv;
  /** Why a file of the settings was not read (a `.env` that is a FIFO): each surface says it. */
  warnings: string[];
  /** As neuro-san would get them (environment, `.env`, convention), paths relative to the root where inside it. */
  settings: ProjectSettings;
  /**
   * The environment neuro-san runs with from the root (readingEnvironment): the process's, every setting filled in in
   * the project's terms, the `.env`'s other variables under it — what a tool run's worker gets too (runSettingsOnDisk.ts),
   * but for a setting the process names by another path (absolute, through a link), which the worker gets as written,
   * and the settings file's `run.env`, which it gets over it (oneProjectEnvironment.test.ts).
   */
  env: Record<string, string | undefined>;
  /** AGENT_TOOL_PATH_ONLY: the process's, else the `.env`'s. */
  agentToolPathOnly: { agentToolPathOnly?: string };
}

/** The settings and environment of the project at `root` (absolute), in the process environment `env`. */
export function projectEnvironmentOnDisk(root: string, env: Record<string, string | undefined>): ProjectEnvironmentOnDisk {
  const warnings: string[] = [];
  const dotEnv = readDotEnv(root);
  const settings = projectSettingsOf(root, { env, problems: warnings, dotEnv });
  return { root, dotEnv, warnings, settings, env: readingEnvironment(env, settings, dotEnv.values), agentToolPathOnly: agentToolPathOnlyOf(dotEnv, env) };
}

export interface ProjectFactsOptions {
  /** The process's environment (never one a project's settings were filled into). */
  env: Record<string, string | undefined>;
  /** The version its files are checked for, when the caller found it; else the project's (projectVersion.ts). */
  version?: ProjectVersionFacts;
  /** How to find it when not given: a version from the command line, what the interpreter said. */
  versionLookup?: VersionLookup;
  /** Do not layer over the default toolbox. */
  noDefault?: boolean;
}

/** Everything a reader of the project's files takes from the project besides its files. */
export interface ProjectFactsOnDisk extends ProjectEnvironmentOnDisk {
  version: ProjectVersionFacts;
  /** The shipped default toolbox layered under every toolbox (neuro-san's own package ships its own). */
  defaultFile: string | undefined;
  /** Its coded classes, looked for as its neuro-san would, by reading its Python files. */
  codedClasses: CodedClassFinder;
  /** Where else it runs neuro-san, with which manifests (its CI, Makefile, Dockerfiles): read when first asked. */
  runs(): ReaderRun[];
}

/** The facts of the project at `root` (absolute). */
export function projectFactsOnDisk(root: string, options: ProjectFactsOptions): ProjectFactsOnDisk {
  const environment = projectEnvironmentOnDisk(root, options.env);
  const version = options.version ?? projectVersionFacts(root, options.versionLookup);
  let runs: ReaderRun[] | undefined;
  // The finders' run settings take the `.env` read here (runContextFor), not read again at their first class.
  const dotEnv = { folder: root, dotEnv: environment.dotEnv };
  return {
    ...environment,
    version,
    defaultFile: options.noDefault ? undefined : (packageDefaultToolbox(root) ?? defaultToolboxFileOf(version.facts)),
    codedClasses: codedClassFinderFor(root, options.env, version.facts, dotEnv),
    runs: () => (runs ??= readerRunsOf(root, options.env, version.facts, dotEnv)),
  };
}

/**
 * The project's environment with its settings' paths as they hold from `cwd` (absolute): relative under it, as a user
 * there would write them, else absolute; unchanged from the root. A reader whose paths are the caller's
 * (loadFileFromDisk's) finds the project's toolbox through it, and `print`/`set`/`unset` show it so.
 */
export function environmentFrom(environment: Pick<ProjectEnvironmentOnDisk, 'root' | 'env' | 'settings'>, cwd: string): Record<string, string | undefined> {
  const { root, env, settings } = environment;
  if (path.resolve(cwd) === path.resolve(root)) return env;
  const fromCwd = (value: string) => (path.isAbsolute(value) ? value : slashedWithin(cwd, path.resolve(root, value)));
  const out = { ...env };
  for (const name of SETTING_NAMES) {
    const value = out[name];
    // Every setting in the reading environment is the setting's own value (readingEnvironment).
    if (value === undefined || value !== settings[name]?.value) continue;
    out[name] = name === 'AGENT_MANIFEST_FILE' ? eachPathInList(value, fromCwd) : fromCwd(value);
  }
  return out;
}

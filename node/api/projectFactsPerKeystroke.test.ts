import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/index';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { workspace } from '../testSupport/cliRun';

/** The folders whose `.env` was read, one entry a reading (readDotEnv is where every surface reads it). */
const dotEnvReads = vi.hoisted(() => [] as string[]);
vi.mock('../project/dotEnvFile', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../project/dotEnvFile')>();
  return {
    ...actual,
    readDotEnv: (root: string) => {
      dotEnvReads.push(root);
      return actual.readDotEnv(root);
    },
  };
});

/** The projects whose shipped runs (CI files, Makefile, Dockerfiles) were read for a reader. */
const runsRead = vi.hoisted(() => [] as string[]);
vi.mock('../project/readerRuns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../project/readerRuns')>();
  return {
    ...actual,
    readerRunsOf: (...args: Parameters<typeof actual.readerRunsOf>) => {
      runsRead.push(args[0]);
      return actual.readerRunsOf(...args);
    },
  };
});

/**
 * Issue #34: the app analyses the open file at every keystroke. Its project's facts (the `.env`, the settings, the
 * version...) are taken once for a keystroke from their one owner (projectFactsOnDisk.ts), and kept briefly as the
 * other facts of the project read from disk are: they were assembled twice, the `.env` read twice, at each.
 */
const PROJECT = {
  'registries/manifest.hocon': '{ "net.hocon": true }\n',
  'registries/net.hocon': '{\n  "tools": [\n    { "name": "front", "instructions": "Answer.", "function": { "description": "Answers." }, "tools": ["weather"] }\n    { "name": "weather", "toolbox": "weather" }\n  ]\n}\n',
  'toolbox/custom.hocon': 'weather { class = "tools.Weather", description = "Tells the weather for a city." }\n',
  '.env': 'AGENT_TOOLBOX_INFO_FILE=toolbox/custom.hocon\nGREETING=hello\n',
};

let service: ApiService | undefined;
afterEach(() => {
  vi.useRealTimers();
  service?.dispose();
  service = undefined;
});

describe("a keystroke reads the project's .env at most once", () => {
  it.each(['toolbox/custom.hocon', 'registries/net.hocon'])('%s: once for the first analysis, not again for the next keystroke', async (name) => {
    const root = workspace(PROJECT, 'tbe-facts-keystroke-');
    service = browserModeService(root, { env: {} });
    const call = apiCaller(service);
    const file = path.join(root, name);
    const text = PROJECT[name as keyof typeof PROJECT];
    const readsOf = async (typed: string) => {
      dotEnvReads.length = 0;
      const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: typed });
      return { reads: dotEnvReads.filter((folder) => path.resolve(folder) === root).length, analysis };
    };
    // The clock the caches go by, moved by hand: a loaded machine takes longer than 2 s for an analysis.
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await readsOf(text);
    expect(first.reads).toBe(1);
    // The .env was used: the network's toolbox is the one it names.
    if (first.analysis.network) expect(first.analysis.network.toolboxFile).toMatchObject({ path: path.join(root, 'toolbox/custom.hocon') });
    // A keystroke 1 s later: a different text, the same facts.
    vi.setSystemTime(Date.now() + 1000);
    expect((await readsOf(`${text}# a keystroke\n`)).reads).toBe(0);
    // 2 s after they were taken, they are taken again.
    vi.setSystemTime(Date.now() + 1500);
    expect((await readsOf(`${text}# another keystroke\n`)).reads).toBe(1);
    // At once when the preferences change.
    await call('prefs.set', { theme: 'dark' });
    expect((await readsOf(`${text}# a keystroke after the preferences\n`)).reads).toBe(1);
  });

  it('a change to the .env reaches the next analysis 2 s after they were taken', async () => {
    const root = workspace(PROJECT, 'tbe-facts-keystroke-');
    service = browserModeService(root, { env: {} });
    const call = apiCaller(service);
    const file = path.join(root, 'registries/net.hocon');
    let keystrokes = 0;
    const toolbox = async () => (await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: `${PROJECT['registries/net.hocon']}# ${keystrokes++}\n` })).network?.toolboxFile?.path;
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await toolbox()).toBe(path.join(root, 'toolbox/custom.hocon'));
    writeFileSync(path.join(root, '.env'), 'GREETING=hello again\n');
    vi.setSystemTime(Date.now() + 2000);
    // The toolbox the .env named no more: the convention's, which the project lacks.
    expect(await toolbox()).not.toBe(path.join(root, 'toolbox/custom.hocon'));
  });

  it("a toolbox's keystroke does not read the runs the project ships; a network's does", async () => {
    const root = workspace(PROJECT, 'tbe-facts-keystroke-');
    service = browserModeService(root, { env: {} });
    const call = apiCaller(service);
    runsRead.length = 0;
    await call<ToolboxAnalysis>('toolbox.analyze', { path: path.join(root, 'toolbox/custom.hocon'), text: PROJECT['toolbox/custom.hocon'] });
    expect(runsRead).toEqual([]);
    await call<ToolboxAnalysis>('toolbox.analyze', { path: path.join(root, 'registries/net.hocon'), text: PROJECT['registries/net.hocon'] });
    expect(runsRead).toEqual([root]);
  });
});

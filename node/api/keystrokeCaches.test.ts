import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PreferencesStore } from '../state/preferences';
import { RecentlyUsed } from './recentlyUsed';
import { DocumentAnalysis } from './documentAnalysis';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-keystroke-caches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const text = (i: number) => `tool_${i} { class = "pkg.Tool${i}", description = "Tool ${i} looks things up." }\n`;

describe('the caches kept per file between keystrokes', () => {
  it('keep the files typed in last, not one per file ever analysed', () => {
    const service = new DocumentAnalysis(dir, {}, new PreferencesStore(path.join(dir, '.state')));
    const file = (i: number) => path.join(dir, `tb${i}.hocon`);
    let keystrokes = 0;
    const typeIn = (i: number) => {
      service.analyze({ path: file(i), text: `${text(i)}# keystroke ${keystrokes++}\n` });
      service.reviewCachesFor(file(i));
    };
    typeIn(0);
    // Every file of a project opened in turn, while file 0 is typed in now and then.
    for (let i = 1; i <= 20; i++) {
      typeIn(i);
      if (i % 3 === 0) typeIn(0);
    }
    const kept = service.cachedFiles();
    expect(kept.entries).toHaveLength(4);
    expect(kept.review).toHaveLength(4);
    expect(kept.entries).toEqual([file(18), file(0), file(19), file(20)]);
    expect(kept.review).toEqual(kept.entries);
  });
});

describe("what the project's networks offer, kept between keystrokes", () => {
  // Two LangChain classes neuro-san refuses as it builds the tool for an agent: only 'search' is an agent.
  const toolbox = '{\n  "search": { "class": "langchain_tavily.TavilySearch" },\n  "news": { "class": "langchain_news.NewsSearch" }\n}\n';
  const network = (agents: string[]) =>
    JSON.stringify({
      llm_config: { model_name: 'gpt-4o' },
      tools: [{ name: 'front', function: { description: 'Answers.' }, instructions: 'Use your tools.', tools: agents }, ...agents.map((a) => ({ name: a, toolbox: a }))],
    });

  it('say as validate does which tools no agent is, and see a network changed on disk at the next keystroke', () => {
    const root = path.join(dir, 'project');
    mkdirSync(path.join(root, 'registries'), { recursive: true });
    mkdirSync(path.join(root, 'toolbox'), { recursive: true });
    writeFileSync(path.join(root, 'registries', 'manifest.hocon'), '{ "net.hocon": true }\n');
    writeFileSync(path.join(root, 'registries', 'net.hocon'), network(['search']));
    const file = path.join(root, 'toolbox', 'toolbox_info.hocon');
    writeFileSync(file, toolbox);
    const service = new DocumentAnalysis(dir, {}, new PreferencesStore(path.join(dir, '.state-offers')));
    const classForm = (text: string) =>
      service
        .analyze({ path: file, text })
        .diagnostics.filter((d) => d.rule === 'langchain-class-form')
        .map((d) => `${d.tool} ${d.severity}`);
    expect(classForm(toolbox)).toEqual(['search error', 'news warning']);
    expect(classForm(`${toolbox}# a keystroke\n`)).toEqual(['search error', 'news warning']);
    writeFileSync(path.join(root, 'registries', 'net.hocon'), network(['search', 'news']));
    expect(classForm(`${toolbox}# another keystroke\n`)).toEqual(['search error', 'news error']);
  });
});

describe('RecentlyUsed', () => {
  it('makes a value once per key, moves a key used again to the back, and drops the one used longest ago', () => {
    const made: string[] = [];
    const kept = new RecentlyUsed<string, { key: string }>(2);
    const get = (key: string) => kept.get(key, () => (made.push(key), { key }));
    const a = get('a');
    get('b');
    expect(get('a')).toBe(a);
    get('c');
    expect(kept.keys()).toEqual(['a', 'c']);
    get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});

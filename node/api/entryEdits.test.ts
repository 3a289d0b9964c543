import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/index';
import { onlyEnvironment } from './entryEdits';
import { createApiService, type ApiService } from './handlers';

/**
 * A keystroke inside one tool is answered from that tool alone (entryEdits.ts): every answer must be the one the
 * whole analysis gives, keystroke after keystroke. Each test types into one API and asks another, which analyses
 * every text whole, for the same texts.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

const DESCRIPTIONS = [
  'Searches the catalog for products matching a query and returns their names.',
  'Sends an email to one recipient with a subject and a body.',
  'weather',
  'Returns the weather forecast for a city, for the next days.',
  'Looks up a customer by email address and returns the account.',
];

/** A toolbox of `count` tools, some with problems (a missing class, an unknown type, a short description), comments between. */
function toolbox(count: number): string {
  const parts = ['# A toolbox typed in\n{\n'];
  for (let i = 0; i < count; i++) {
    const description = i % 11 === 5 ? DESCRIPTIONS[1]! : `${DESCRIPTIONS[i % DESCRIPTIONS.length]!} Variant ${i}.`;
    const cls = i % 13 === 7 ? '' : `"class": "pkg_${i % 7}.tools.Tool${i}",\n`;
    const type = i % 9 === 4 ? 'long' : 'string';
    parts.push(
      `    # tool ${i}\n`,
      `    "tool_${i}": {\n`,
      `        ${cls}        "description": ${i % 3 === 0 ? `"""${description}"""` : JSON.stringify(description)},\n`,
      `        "parameters": {\n`,
      `            "type": "object",\n`,
      `            "properties": { "query": { "type": "${type}", "description": "What to look for." }, "limit": { "type": "int" } },\n`,
      `            "required": ["query"]\n`,
      `        }\n`,
      i % 4 === 0 ? `        "args": { "timeout": 30${i % 8 === 0 ? ', "api_key": ${?TOOL_API_KEY}' : ''} }\n` : '',
      `    }${i % 2 === 0 ? ',' : ''}\n`,
    );
  }
  parts.push('}\n');
  return parts.join('');
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSERTS = ['e', 'x', ' ', '\n', 'Returns ', ' the weather forecast for a city', '"', '{', '}', ':', ',', '#', '$', '123', 'long', 'int', ' query'];

function services(dir: string): { typed: ApiService; whole: ApiService } {
  const host = { mode: 'browser' as const, cwd: dir, initialFile: null, stateDir: path.join(dir, '.state'), env: { TOOL_API_KEY: 'from the environment' }, emit: () => undefined };
  return { typed: createApiService(host), whole: createApiService({ ...host, stateDir: path.join(dir, '.state-whole'), wholeAnalysis: true }) };
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** A lone toolbox file of 140 tools (in a temporary folder, no project around it). */
function loneToolbox(dir: string): string {
  const file = path.join(dir, 'toolbox_info.hocon');
  writeFileSync(file, toolbox(140));
  return file;
}

/**
 * The toolbox of a project (fixtures/project: networks use its tools, `.env` names it), with 140 tools more: the
 * networks' offers (tools-similar and description-duplicate name the agents), coded classes looked for.
 */
function projectToolbox(dir: string): string {
  cpSync(path.join(FIXTURES, 'project'), dir, { recursive: true });
  const file = path.join(dir, 'toolbox', 'toolbox_info.hocon');
  const own = readFileSync(file, 'utf8');
  const generated = toolbox(140);
  const tools = generated.slice(generated.indexOf('{\n') + 2, generated.lastIndexOf('}'));
  writeFileSync(file, own.replace('{\n', `{\n${tools.replace(/\n$/, ',\n')}`));
  return file;
}

async function typeAndCompare(
  seed: number,
  steps: number,
  edit: (text: string, next: () => number) => string,
  detail: (text: string, next: () => number) => string | null = () => null,
  place: (dir: string) => string = loneToolbox,
  between: (step: number, dir: string) => void = () => undefined,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'entry-edits-'));
  const file = place(dir);
  let text = readFileSync(file, 'utf8');
  const { typed, whole } = services(dir);
  cleanup = () => {
    typed.dispose();
    whole.dispose();
    rmSync(dir, { recursive: true, force: true });
  };
  const next = random(seed);
  const seen = new Set<string>();
  for (let step = 0; step < steps; step++) {
    between(step, dir);
    const asked = detail(text, next);
    const [fast, full] = [await typed.handlers['toolbox.analyze']({ path: file, text, detail: asked }), await whole.handlers['toolbox.analyze']({ path: file, text, detail: asked })];
    expect(fast, `step ${step}`).toEqual(full);
    if (step % 10 === 5) {
      // The same text again, another tool's detail asked (a tool selected in the list).
      const other = `tool_${step % 140}`;
      const [again, againWhole] = [await typed.handlers['toolbox.analyze']({ path: file, text, detail: other }), await whole.handlers['toolbox.analyze']({ path: file, text, detail: other })];
      expect(again, `step ${step}, ${other}'s detail`).toEqual(againWhole);
    }
    for (const d of (full as ToolboxAnalysis).diagnostics) seen.add(`${d.tool}:${d.rule}`);
    text = edit(text, next);
  }
  return { ...typed.analyses, seen };
}

const WORDS = ['e', 'x', ' ', 'Returns ', ' the weather forecast for a city', ' query', ' limit', 'tool_3', '\\n'];

/** An offset inside a random tool's description. */
function insideADescription(text: string, next: () => number): number {
  const tool = Math.floor(next() * 140);
  const key = text.indexOf('"description": ', text.indexOf(`"tool_${tool}": {`)) + '"description": '.length;
  const quotes = text.startsWith('"""', key) ? 3 : 1;
  const end = text.indexOf(quotes === 3 ? '"""' : '"', key + quotes);
  return key + quotes + Math.floor(next() * (end - key - quotes));
}

/** An offset inside a random tool's braces. */
function insideATool(text: string, next: () => number): number {
  const tool = Math.floor(next() * 140);
  const start = text.indexOf(`"tool_${tool}": {`);
  const end = text.indexOf('\n    }', start);
  return start + 14 + Math.floor(next() * (end - start - 14));
}

describe('a keystroke inside one tool, analysed alone', () => {
  it('answers as the whole analysis does, for characters typed and deleted anywhere inside tools', async () => {
    let undo: string | undefined;
    const counted = await typeAndCompare(
      1,
      200,
      (text, next) => {
        if (undo !== undefined) {
          const back = undo;
          undo = undefined;
          return back;
        }
        if (next() < 0.5) {
          // Inside a description: words typed and deleted stay.
          const at = insideADescription(text, next);
          if (next() < 0.3) return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3));
          return text.slice(0, at) + WORDS[Math.floor(next() * WORDS.length)]! + text.slice(at);
        }
        // Anywhere inside a tool: taken back at the next keystroke (most break the file), as a user would.
        undo = text;
        const at = insideATool(text, next);
        if (next() < 0.3) return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3));
        return text.slice(0, at) + INSERTS[Math.floor(next() * INSERTS.length)]! + text.slice(at);
      },
      (text, next) => (next() < 0.5 ? `tool_${Math.floor(next() * 140)}` : null),
      loneToolbox,
      // The project's settings change while typing: the next keystroke has them.
      (step, dir) => step === 120 && writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ rules: { 'description-too-short': 'off', 'tools-similar': 'warning' } })),
    );
    // Most keystrokes are answered alone; the rest (a brace typed, a problem of the file) whole.
    expect(counted.alone).toBeGreaterThan(80);
  }, 120_000);

  it('answers as the whole analysis does while a description is typed, letter by letter, into a near twin and a duplicate', async () => {
    // tool_62's description emptied, then typed as tool_3's: similar first, then the same.
    const typedText = 'Returns the weather forecast for a city, for the next days. Variant 3.';
    let typedSoFar = -1;
    const counted = await typeAndCompare(2, typedText.length + 2, (text) => {
      if (typedSoFar < 0) {
        typedSoFar = 0;
        return text.replace('weather Variant 62.', '');
      }
      const at = text.indexOf('"description": "', text.indexOf('"tool_62": {')) + '"description": "'.length + typedSoFar;
      return text.slice(0, at) + typedText[typedSoFar++]! + text.slice(at);
    });
    expect(counted.alone).toBeGreaterThan(typedText.length - 5);
    expect(counted.seen).toContain('tool_62:description-duplicate');
    expect(counted.seen).toContain('tool_62:tools-similar');
    expect(counted.seen).toContain('tool_62:description-too-short');
  }, 120_000);

  it('answers as the whole analysis does in a project whose networks offer the tools together', async () => {
    // lookup_weather's description typed as send_report's, letter by letter, then taken back: the agent offered both
    // ("reporter") is named by the duplicate and similar-tools findings.
    const typedText = 'Sends a report by e-mail.';
    let step = -1;
    const counted = await typeAndCompare(
      3,
      typedText.length * 2 + 2,
      (text) => {
        step++;
        if (step === 0) return text.replace("Looks up today's weather for a city.", '');
        const start = text.indexOf('"description": "', text.indexOf('"lookup_weather": {')) + '"description": "'.length;
        if (step <= typedText.length) return text.slice(0, start + step - 1) + typedText[step - 1]! + text.slice(start + step - 1);
        const left = 2 * typedText.length - step + 1;
        return text.slice(0, start + left - 1) + text.slice(start + left);
      },
      () => 'lookup_weather',
      projectToolbox,
    );
    expect(counted.alone).toBeGreaterThan(typedText.length);
    // Said of the later of the two, send_report.
    expect(counted.seen).toContain('send_report:description-duplicate');
    expect(counted.seen).toContain('send_report:tools-similar');
  }, 120_000);
});

describe('onlyEnvironment', () => {
  const tools = [{ name: 'tool_1' }, { name: 'search' }] as unknown as Parameters<typeof onlyEnvironment>[1];
  it('takes substitutions of names no tool has as the environment, and no other', () => {
    expect(onlyEnvironment('{ a { key = ${?API_KEY}, url = ${BASE_URL} } }', tools)).toBe(true);
    expect(onlyEnvironment('{ a { x = ${tool_1.args.x} } }', tools)).toBe(false);
    expect(onlyEnvironment('{ a { x = ${? search } } }', tools)).toBe(false);
    expect(onlyEnvironment('{ a { x = ${"tool_1".args} } }', tools)).toBe(false);
  });
});

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyAnalysisChange } from '../../shared/api/analysisDelta';
import type { ToolboxAnalysis, ToolboxAnalysisChange } from '../../shared/api/toolboxApi';
import { PreferencesStore } from '../state/preferences';
import { AnalysisHistory } from './analysisHistory';
import { DocumentAnalysis } from './documentAnalysis';

const tool = (i: number) =>
  [
    `    # tool ${i}`,
    `    "tool_${i}": {`,
    `        "class": "pkg.module.Tool${i}",`,
    `        "description": "Tool ${i} looks things up.",`,
    `        "parameters": { "type": "object", "properties": { "q": { "type": "int", "description": "query" } }, "required": ["q"] }`,
    `    }`,
  ].join('\n');
const base = `# a generated toolbox\n{\n${Array.from({ length: 40 }, (_, i) => tool(i)).join(',\n')}\n}\n`;

/** Edits a keystroke or a paste can make: in a comment, inside an entry, a new line, a deleted entry, a broken file. */
const edits: Array<[string, (t: string) => string]> = [
  ['a character in the first comment', (t) => t.replace('# a generated', '# ax generated')],
  ['a new line at the top', (t) => `\n${t}`],
  ['a type fixed in one entry', (t) => t.replace('"Tool7", "description"', '"Tool7", "description"').replace('"int", "description": "query" } }, "required": ["q"] }\n    },\n    # tool 8', '"integer", "description": "query" } }, "required": ["q"] }\n    },\n    # tool 8')],
  ['a character in a description', (t) => t.replace('Tool 12 looks', 'Tool 12 xlooks')],
  ['a line joined', (t) => t.replace('# tool 20\n', '# tool 20 ')],
  ['an entry deleted', (t) => t.replace(/ {4}# tool 3\n[\s\S]*?\n {4}\},\n/, '')],
  ['an entry renamed', (t) => t.replace('"tool_30"', '"renamed_30"')],
  ['the file broken', (t) => t.replace('"tool_15": {', '"tool_15": {{')],
  ['nothing', (t) => t],
];

describe('analyses sent as changes of the previous one', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-delta-'));
  const service = new DocumentAnalysis(dir, {}, new PreferencesStore(path.join(dir, '.state')));
  const file = path.join(dir, 'tb.hocon');
  const analyze = (text: string) => service.analyze({ path: file, text });

  it.each(edits)('rebuild exactly the new analysis after %s', (_name, edit) => {
    const history = new AnalysisHistory();
    const before = analyze(base);
    history.answer(before, base, 't1', undefined);
    const afterText = edit(base);
    const after = analyze(afterText);
    const answer = history.answer(after, afterText, 't2', 't1') as ToolboxAnalysisChange;
    expect(answer.changeOf).toBe('t1');
    const rebuilt: ToolboxAnalysis = { ...after, ...applyAnalysisChange(before, answer) };
    expect(rebuilt).toEqual(after);
    // A keystroke away from the header keeps almost everything: the answer is a few items, not the analysis.
    if (_name === 'a character in the first comment' || _name === 'nothing') {
      expect(answer.diagnostics.filter((op) => typeof op !== 'number')).toEqual([]);
      expect(answer.tools.filter((op) => typeof op !== 'number')).toEqual([]);
    }
  });

  it('answers the whole analysis when it does not hold the known one', () => {
    const history = new AnalysisHistory();
    const analysis = analyze(base);
    expect(history.answer(analysis, base, 't1', 'never-sent')).toBe(analysis);
  });
});

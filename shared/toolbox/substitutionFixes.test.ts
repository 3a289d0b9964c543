import { describe, expect, it } from 'vitest';
import { applyEdits } from '../hocon/index';
import { factsFor, parseVersion } from '../neurosan/versions/index';
import { loadToolbox, type Reading } from './loadToolbox';
import { NeuroSanEntryCache } from '../neurosan/index';
import { memoryHost } from './testHost';

// Issue 24: a quick fix replaces the text a value was read from. Where that text is a substitution (the value came
// from the environment), the fix would remove the override without a word: the problem is reported, with no fix.
const TEXT = [
  't {',
  '  class = "m.C"',
  '  description = "Returns a value for the caller."',
  '  display_as = ${?DISPLAY}',
  '  parameters { type = object, properties { n { type = ${?N_TYPE}, description = "A count." } } }',
  '}',
  '',
].join('\n');

function diagnostics(text: string, env: Record<string, string>, reading: Reading) {
  const toolbox = loadToolbox({
    host: memoryHost({ 'tb.hocon': text }),
    userFile: 'tb.hocon',
    env,
    reading,
    neuroSanCwd: '.',
    neuroSanEntryCache: new NeuroSanEntryCache(),
    neuroSan: factsFor(parseVersion('0.5.55')!),
  });
  return toolbox.diagnostics.filter((d) => d.rule === 'unrecognized-type' || d.rule === 'display-as');
}

describe('quick fixes never replace a substitution', () => {
  for (const reading of ['neuro-san', 'spec'] as const) {
    it(`a value from \${?VAR} is reported at the override, without a fix (${reading})`, () => {
      const found = diagnostics(TEXT, { N_TYPE: 'integer', DISPLAY: 'langchian_tool' }, reading);
      expect(found.map((d) => d.rule).sort()).toEqual(['display-as', 'unrecognized-type']);
      for (const d of found) expect(d.fix).toBeUndefined();
    });
  }

  it('the same values written in the file keep their fixes', () => {
    const written = TEXT.replace('${?N_TYPE}', 'integer').replace('${?DISPLAY}', '"langchian_tool"');
    const found = diagnostics(written, {}, 'neuro-san');
    expect(found.map((d) => d.fix?.title).sort()).toEqual(['Change "integer" to "int"', 'Change to "langchain_tool"']);
    const type = found.find((d) => d.rule === 'unrecognized-type')!;
    expect(applyEdits(written, type.fix!.edits)).toBe(written.replace('type = integer', 'type = "int"'));
  });
});

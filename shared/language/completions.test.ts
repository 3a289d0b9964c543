import { describe, expect, it } from 'vitest';
import { completionsAt, type CompletionItem, type ToolFacts } from './index';

const tools: ToolFacts[] = [{ name: 'lookup_weather', origin: 'toolbox_info.hocon', kind: 'coded', className: 'weather.Lookup', errors: 0 }];

/** The text after accepting `label` where `|` is the cursor, as an editor applies the item's edit. */
function accept(withCursor: string, label: string): string {
  const offset = withCursor.indexOf('|');
  const text = withCursor.replace('|', '');
  const item = completionsAt(text, offset, tools).find((i: CompletionItem) => i.label === label);
  expect(item, `no completion ${label}`).toBeDefined();
  return text.slice(0, item!.replaceStart) + item!.insertText + text.slice(item!.replaceEnd);
}

describe('completions replace the value being written, not only what is before the cursor', () => {
  it('between the quotes an editor closed by itself: one pair of quotes, not two', () => {
    expect(accept('tools = [{ name = a, "toolbox": "|" }]', 'lookup_weather')).toBe('tools = [{ name = a, "toolbox": "lookup_weather" }]');
    expect(accept('tools = [{ name = a, "toolbox": "look|" }]', 'lookup_weather')).toBe('tools = [{ name = a, "toolbox": "lookup_weather" }]');
  });

  it('inside a value already written: the whole value is replaced', () => {
    expect(accept('tools = [{ name = a, "toolbox": "lo|okup_wether" }]', 'lookup_weather')).toBe('tools = [{ name = a, "toolbox": "lookup_weather" }]');
    expect(accept('tools = [{ name = a, toolbox = lo|okup }]', 'lookup_weather')).toBe('tools = [{ name = a, toolbox = "lookup_weather" }]');
  });

  it('a key between closed quotes in a tool entry', () => {
    expect(accept('lookup_weather {\n  "cl|"\n}', 'class')).toBe('lookup_weather {\n  "class": \n}');
  });

  it('a key being renamed keeps its one separator', () => {
    expect(accept('lookup_weather {\n  "cl|": "x"\n}', 'class')).toBe('lookup_weather {\n  "class": "x"\n}');
    expect(accept('lookup_weather {\n  cl| = x\n}', 'class')).toBe('lookup_weather {\n  class = x\n}');
  });

  it('leaves what follows an unquoted value alone', () => {
    expect(accept('tools = [{ name = a, toolbox = | }]', 'lookup_weather')).toBe('tools = [{ name = a, toolbox = "lookup_weather" }]');
  });
});

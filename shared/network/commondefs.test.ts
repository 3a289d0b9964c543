import { describe, expect, it } from 'vitest';
import { resolveHocon, toJson } from '../hocon/index';
import { withCommondefs } from './commondefs';

const filtered = (text: string) => toJson(withCommondefs(resolveHocon(text, { fileName: 'n.hocon' }).value));

describe("withCommondefs: the restorer's filters, before AgentNetwork reads", () => {
  it('replaces under tools only; a whole value by replacement_values (any kind), then {key} in strings', () => {
    const out = filtered(`{
      "commondefs": { "replacement_values": { "params": { "type": "object" }, "gone": null }, "replacement_strings": { "who": "the crew", "empty": "" } },
      "note": "for {who}",
      "tools": [ { "name": "a", "function": { "description": "Helps {who} {empty}", "parameters": "params" }, "x": "gone" } ]
    }`) as { note: string; tools: { function: { description: string; parameters: unknown }; x: string }[] };
    expect(out.note).toBe('for {who}');
    expect(out.tools[0]!.function).toEqual({ description: 'Helps the crew {empty}', parameters: { type: 'object' } });
    // A key whose value is null (None) replaces nothing, as an empty string replaces nothing.
    expect(out.tools[0]!.x).toBe('gone');
  });

  it('leaves a network without commondefs as it is (the same object)', () => {
    const root = resolveHocon('{ "tools": [ { "name": "a" } ] }', { fileName: 'n.hocon' }).value;
    expect(withCommondefs(root)).toBe(root);
  });
});

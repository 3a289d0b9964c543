import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { factsFor, NEWEST_KNOWN_VERSION, parseVersion } from '../neurosan/versions/index';
import { checkHoconLint } from './networkLint';

/**
 * Conformance: each warning of neuro-san's hocon_lint (what hocon_validator_cli prints after its errors) and its
 * clean twin, in its words, at its line. Placed in no release the editor knows: a newer pin gets them. Written here.
 */
const newer = '0.7.99';
const lines = (text: string, version = newer) =>
  checkHoconLint(resolveHocon(text).value, factsFor(parseVersion(version)!)).map((d) => `${d.line} ${d.severity} ${d.rule} ${d.message}`);
const lineOf = (text: string, what: string) => text.slice(0, text.indexOf(what)).split('\n').length;

describe('hocon_lint', () => {
  it('network-unused-commondef: a replacement string no {key} uses, a replacement value no bare string equals', () => {
    const text = `commondefs {
  replacement_strings { topic = "sums", unused_text = "x" }
  replacement_values { adder_params { type = object }, lonely { type = object } }
}
tools = [{ name = front, instructions = "Do {topic}.", function = "adder_params" }]`;
    expect(lines(text)).toEqual([
      `2 warning network-unused-commondef commondefs.replacement_strings.unused_text is defined but '{unused_text}' never appears anywhere else in the network.`,
      `3 warning network-unused-commondef commondefs.replacement_values.lonely is defined but the bare string value "lonely" never appears anywhere else in the network.`,
    ]);
    expect(lines(text, NEWEST_KNOWN_VERSION)).toEqual([]);
    expect(lines(text.replace('Do {topic}.', 'Do {topic} {unused_text}.').replace('"adder_params"', '"lonely", other = "adder_params"'))).toEqual([]);
  });

  it('network-unresolved-placeholder: each {word} no replacement string defines, once, at its first string', () => {
    const text = `commondefs { replacement_strings { topic = "sums" } }
tools = [
  { name = front, instructions = "Do {topic} for {user}; never {3} times.", tools = [helper] }
  { name = helper, instructions = "Ask {user} again." }
]`;
    expect(lines(text)).toEqual([
      `${lineOf(text, '{user};')} warning network-unresolved-placeholder Found unresolved placeholder '{user}' in the agent network. Add a commondefs.replacement_strings.user entry, or remove the placeholder if it was not meant to be a commondef reference.`,
    ]);
    expect(lines(text.replace(/\{user\}/g, 'the user'))).toEqual([]);
  });

  it('network-undeclared-sly-data: an allow.*.sly_data key no schema of the file declares, at the key', () => {
    const text = `sly_data_schema { properties { user_id { type = string } } }
tools = [
  { name = front, instructions = "Route.", function { sly_data_output_schema { properties { total { type = number } } } },
    allow { to_upstream { sly_data = [total, totl] }, to_downstream { sly_data { user_id = true } } } }
]`;
    expect(lines(text)).toEqual([
      `4 warning network-undeclared-sly-data front: allow.to_upstream.sly_data references key 'totl', which is not declared in any sly_data_schema/sly_data_output_schema in this file. This may be a false positive if the key is set by a CodedTool at runtime, or declared by an external agent network (one referenced via '/...') that this check cannot see; otherwise it may be a typo or a stale entry.`,
    ]);
    expect(lines(text.replace('totl', 'total'))).toEqual([]);
  });
});

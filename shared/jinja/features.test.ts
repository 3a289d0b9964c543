// Jinja features compared byte for byte with Python Jinja2 (python3 + jinja2 must be installed, as in CI).
import { describe, expect, it } from 'vitest';
import { JinjaEnvironment } from './environment';
import { renderWithPython } from '../../node/testing/pythonJinjaOracle';
import { readJson } from '../pyvalue/jsonRead';
import type { PyValue } from '../pyvalue/types';

function ctx(json: string): Map<string, PyValue> {
  const r = readJson(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as Map<string, PyValue>;
}

const CONTEXT = ctx(`{
  "task": "find <the> weather & 'news'",
  "tools": [
    {"name": "get_time", "description": "Gets current time", "input": {}, "output": "string", "type": "code"},
    {"name": "search", "description": "Search API", "input": {"query": "string", "limit": "int"}, "output": "dict", "type": "code"},
    {"name": "picker", "description": "Selects tools", "input": {"task": "string"}, "output": "list", "type": "agent"}
  ],
  "n": 7, "f": 2.5, "big": 123456789012345678901234567890, "one": 1.0, "e16": 1e16, "tiny": 1.5e-7,
  "nan": NaN, "inf": Infinity, "empty": [], "none": null, "flag": true,
  "words": "hello wide world", "text": "  line one\\nline two  ", "uni": "caf\\u00e9 \\ud83d\\ude00 \\ud800",
  "mixed": [3, 1.5, -2, 10], "names": ["b", "B", "a", "\\u00e9", "\\uff01", "\\ud83d\\ude00"],
  "nested": {"z": {"b": 1, "a": [1, 2, {"y": null, "x": 1.0}]}, "a": "x"}
}`);

const TEMPLATES: string[] = [
  // whitespace control and comments
  'a  {{- n -}}  b\n{#- comment -#}\n  c',
  '{% for t in tools %}\n  {{ t.name }}\n{% endfor %}\n',
  '{%- for t in tools -%}\n  {{ t.name }}\n{%- endfor %}',
  '{# one #}\n{# two #}\n\nbody\n',
  'x {%+ if true %}y{% endif %} z',
  '{% raw %}{{ not rendered }} {% if %}{% endraw %}|{%- raw -%}  a  {%- endraw -%}  |',
  // if / elif / else, tests
  '{% if n > 10 %}big{% elif n is odd %}odd{% else %}even{% endif %}',
  '{{ missing is defined }} {{ n is defined }} {{ none is none }} {{ n is divisibleby 7 }} {{ missing is undefined }}',
  '{{ "a" is string }} {{ n is number }} {{ f is float }} {{ n is integer }} {{ flag is boolean }} {{ tools is sequence }} {{ nested is mapping }}',
  '{{ n is not even }} {{ 3 is in [1, 2, 3] }} {{ "B" is upper }} {{ "b" is lower }} {{ n is gt 3 }} {{ n is eq 7 }}',
  // for: loop vars, else, filter, unpacking, recursion
  '{% for t in tools %}{{ loop.index }}/{{ loop.length }}:{{ t.name }}{% if not loop.last %}, {% endif %}{% endfor %}',
  '{% for t in tools %}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.cycle("x", "y") }} {% endfor %}',
  '{% for t in tools if t.type == "code" %}{{ t.name }}{{ loop.length }} {% endfor %}',
  '{% for x in empty %}never{% else %}empty!{% endfor %}',
  '{% for k, v in nested.items() %}{{ k }}={{ v }};{% endfor %}',
  '{% for k in nested %}{{ k }}{% endfor %} {% for c in "ab\u00e9" %}[{{ c }}]{% endfor %}',
  '{% for t in tools %}{{ loop.previtem.name if loop.previtem is defined else "-" }}>{{ t.name }} {% endfor %}',
  '{% for x in [1, 1, 2] %}{% if loop.changed(x) %}{{ x }}{% endif %}{% endfor %}',
  '{% for i in range(3) %}{% for j in range(i) %}{{ loop.depth }}{{ i }}{{ j }} {% endfor %}{% endfor %}',
  '{%- for item in [1, [2, [3]], 4] recursive -%}{% if item is iterable %}({{ loop(item) }}){% else %}{{ item }}@{{ loop.depth }} {% endif %}{%- endfor %}',
  // set, scoping, namespace, block set, with
  '{% set x = 1 %}{% for t in tools %}{% set x = x + 1 %}{% endfor %}{{ x }}',
  // dict keys by Python's equality: 1, 1.0 and True are one key, a Markup is its text
  "{{ {1: 'a', 1.0: 'b', true: 'c'} }} {{ {0: 'a'}[false] }} {{ {true: 1}[1] }} {{ {'a': 1}['a'|safe] }} {{ {'a'|safe: 1, 'a': 2} }} {{ 2**60 in {2**60: 1} }} {{ {1.5: 'x'}[1.5] }} {{ {2**53 + 1: 'x'}.get(2**53 + 1.0, 'none') }}",
  '{% set d = {} %}{% for i in range(3) %}{% set _ = d.setdefault(i, i) %}{% set _ = d.setdefault(i * 1.0, 0) %}{% endfor %}{{ d }} {{ d == {0: 0, 1.0: 1, 2: 2} }}',
  // what a loop body sets lasts one iteration
  '{% set x = [1] %}{% for i in range(3) %}{% set x = x + x %}{{ x|length }},{% endfor %}{{ x|length }}',
  '{% set x = 5 %}{% for i in range(3) %}[{{ x }}]{% set x = i %}[{{ x }}]{% endfor %}{{ x }}',
  '{% for i in range(3) %}{% if i == 0 %}{% set y = 1 %}{% endif %}[{{ y }}]{% set z = (z|default(0)) + 1 %}{{ z }}{% endfor %}',
  '{% for a in [1, 2] %}{% set s = a %}{% for b in [1, 2] %}{% set s = (s|default(0)) + b %}{{ s }}{% endfor %}{{ s }};{% endfor %}',
  '{% set ns = namespace(count=0) %}{% for t in tools %}{% set ns.count = ns.count + 1 %}{% endfor %}{{ ns.count }}',
  '{% set a, b = 1, "two" %}{{ a }}{{ b }}{% set t = (1,) %}{{ t }}{% set l = [1, (2, 3)] %}{{ l }}',
  '{% set block %}Hello {{ task }}{% endset %}[{{ block }}]{% set up | upper %}x{{ n }}{% endset %}{{ up }}',
  '{% with a = n, b = f %}{{ a * b }}{% endwith %}{{ a is defined }}',
  // macros and call blocks
  '{% macro row(name, kind="code") %}<{{ name }}:{{ kind }}>{% endmacro %}{{ row("a") }}{{ row("b", kind="agent") }}{{ row("c", "x") }}',
  '{% macro wrap() %}[{{ caller() }}]{% endmacro %}{% call wrap() %}inner {{ n }}{% endcall %}',
  '{% macro v() %}{{ varargs }}{{ kwargs }}{% endmacro %}{{ v(1, 2, k=3) }}',
  // filters
  '{{ tools | tojson }}',
  '{{ nested | tojson }} {{ nested | tojson(indent=2) }}',
  '{{ [big, one, e16, tiny, nan, inf, -inf, n, f] | tojson }}',
  '{{ uni | tojson }} {{ names | tojson }} {{ task | tojson }}',
  '{{ {"tools": tools, "task": task} | tojson }}',
  '{{ tools | length }} {{ uni | length }} {{ task | count }} {{ nested | length }}',
  '{{ names | join(", ") }} {{ tools | map(attribute="name") | join("|") }} {{ mixed | join }}',
  '{{ missing | default("dflt") }} {{ none | default("x") }} {{ "" | default("y", true) }} {{ missing | d(n) }}',
  '{{ task | e }} {{ task | escape | e }} {{ "<b>" | safe }} {{ task | forceescape }}',
  '{{ words | upper }} {{ words | title }} {{ words | capitalize }} {{ "MiXeD" | lower }} {{ "a-b (c d)[e" | title }}',
  '[{{ text | trim }}] [{{ "xxhixx" | trim("x") }}] {{ words | replace("w", "W") }} {{ words | replace("w", "W", 1) }}',
  '{{ mixed | sort }} {{ mixed | sort(reverse=true) }} {{ names | sort }} {{ names | sort(case_sensitive=true) }}',
  '{{ tools | sort(attribute="name") | map(attribute="name") | list }} {{ mixed | max }} {{ mixed | min }} {{ mixed | sum }}',
  '{{ tools | selectattr("type", "equalto", "code") | map(attribute="name") | list }} {{ tools | rejectattr("type", "eq", "code") | list | length }}',
  '{{ [0, 1, 2, 3, none] | select | list }} {{ [1, 2, 3, 4] | select("odd") | list }} {{ [1, 2, 3, 4] | reject("even") | list }}',
  '{{ mixed | first }} {{ mixed | last }} {{ names | reverse | list }} {{ "abc" | reverse }} {{ [1, 2, 1, 3] | unique | list }}',
  '{{ "42" | int }} {{ "4.9" | int }} {{ "x" | int(5) }} {{ "2.5" | float }} {{ 3 | float }} {{ f | int }} {{ "0x1A" | int(0, 16) }}',
  '{{ 2.5 | round }} {{ 3.5 | round }} {{ 2.675 | round(2) }} {{ 0.125 | round(2) }} {{ 1.15 | round(1, "floor") }} {{ 1.01 | round(1, "ceil") }}',
  '{{ "%s is %d years, %.2f%%" % ("x", 3, 2.345) }} {{ "%5s|%-5s|%05d" | format("a", "b", 42) }} {{ "%r" % (uni,) }}',
  '{{ nested | dictsort }} {{ nested.z | items | list }} {{ [1, 2, 3, 4, 5] | batch(2) | list }} {{ [1, 2, 3] | batch(2, 0) | list }}',
  '{{ words | truncate(9) }} | {{ words | truncate(9, true) }} | {{ "a long sentence here to cut" | truncate(12, false, "..", 0) }}',
  '{{ text | indent(2) }}|{{ text | indent(2, true) }}|{{ "a\\n\\nb" | indent(2, blank=true) }}',
  '{{ words | wordcount }} {{ words | center(24) }}| {{ -3 | abs }} {{ tools | first | attr("name") }}',
  '{{ nested.items() }} {{ nested.keys() | list }} {{ range(5) }} {{ range(1, 10, 3) | list }} {{ dict(a=1) }}',
  // expressions, operators, printing Python values
  '{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 7 / 2 }} {{ 6 / 3 }} {{ 2 ** 10 }} {{ 2 ** -1 }} {{ 7.0 // 2 }} {{ -7.5 % 2 }}',
  '{{ big + 1 }} {{ big * big }} {{ one }} {{ e16 }} {{ tiny }} {{ 1e21 }} {{ 1e-5 }} {{ 0.1 + 0.2 }} {{ 1_000 }} {{ 0x1f }} {{ -0.0 }}',
  '{{ nan }} {{ inf }} {{ -inf }} {{ none }} {{ flag }} {{ empty }} {{ nested }} {{ names }} {{ (1, "a") }} {{ uni }}',
  '{{ "a" ~ n ~ none ~ f }} {{ "ab" * 3 }} {{ [1] * 2 }} {{ [1] + [2] }} {{ "x" + "y" }} {{ not flag }} {{ -n }} {{ +f }}',
  '{{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }} {{ n == 7.0 }} {{ true == 1 }} {{ "é" > "z" }} {{ "\uff01" < "\ud83d\ude00" }} {{ [1, 2] < [1, 3] }}',
  '{{ "a" in "cat" }} {{ "q" not in "cat" }} {{ 2 in mixed }} {{ "z" in nested }} {{ none or "fallback" }} {{ 0 and 1 }} {{ 1 and "yes" }}',
  '{{ "yes" if flag else "no" }} {{ "yes" if none else "no" }} [{{ "only" if none }}] {{ tools[0].name }} {{ tools[-1]["type"] }} {{ nested.z.a.2.x }}',
  '{{ words[0] }} {{ words[1:5] }} {{ words[::-1] }} {{ mixed[1:] }} {{ mixed[:-1] }} {{ uni[5] }} {{ uni[-2:] }}',
  '{{ words.upper() }} {{ words.split() }} {{ words.split("w", 1) }} {{ "a,b".split(",") }} {{ words.startswith("he") }} {{ "  x ".strip() }}',
  '{{ words.replace("o", "0") }} {{ "{} and {}".format(1, "b") }} {{ words.title() }} {{ nested.get("a") }} {{ nested.get("q", 5) }}',
  '{% set l = [] %}{% set _ = l.append(1) %}{{ l }} {{ {"b": 1, "a": 2} }} {{ {1: "x"} }} {{ "it\'s" }}|{{ ["it\'s", "say \\"x\\""] }}',
  '{{ "line\\nnext\\ttab \\x01 \\u00e9 \\U0001F600" }}|{{ ["\\n\\x7f\\x85\\u2028\\u00a0"] }}',
  '{% set c = cycler("a", "b") %}{{ c.next() }}{{ c.next() }}{{ c.next() }}{{ c.current }}{% set j = joiner("+") %}{{ j() }}1{{ j() }}2',
  // trailing newline handling and Windows newlines
  'a\r\nb\rc\n',
  'end with two newlines\n\n',
];

describe('Jinja features match Python Jinja2 byte for byte', () => {
  const env = new JinjaEnvironment({ keyOrder: 'sorted' });
  const envInsertion = new JinjaEnvironment({ keyOrder: 'insertion' });
  const python = renderWithPython([
    ...TEMPLATES.map((template) => ({ template, context: CONTEXT, keyOrder: 'sorted' as const })),
    ...TEMPLATES.map((template) => ({ template, context: CONTEXT, keyOrder: 'insertion' as const })),
  ]);

  it.each(TEMPLATES.map((t, i) => [i, t] as const))('template %i: %s', (i, template) => {
    for (const [offset, e] of [
      [0, env],
      [TEMPLATES.length, envInsertion],
    ] as const) {
      const expected = python[i + offset]!;
      const ours = e.render(template, CONTEXT);
      if (!expected.ok) throw new Error(`python failed on this template: ${expected.error}`);
      expect(ours.diagnostics).toEqual([]);
      expect(ours.text).toBe(expected.text);
    }
  });
});

const FAILING: [string, { rule: string; line: number; column: number }][] = [
  ['ok\n{{ missing.attr }}', { rule: 'jinja-undefined', line: 2, column: 11 }],
  ['{% for %}', { rule: 'jinja-syntax', line: 1, column: 8 }],
  ['a\n\n{{ 1 / 0 }}', { rule: 'jinja-zero-division', line: 3, column: 6 }],
  ['{{ "a" + 1 }}', { rule: 'jinja-type', line: 1, column: 8 }],
  ['{% if n %}\nnever closed', { rule: 'jinja-syntax', line: 2, column: 13 }],
  ['line\n  {{ n | nofilter }}', { rule: 'jinja-syntax', line: 2, column: 10 }],
  ['{{ {1: 2, "a": 3} | tojson }}', { rule: 'jinja-type', line: 1, column: 21 }],
  ['{% break %}', { rule: 'jinja-syntax', line: 1, column: 4 }],
  ['{{ foo(', { rule: 'jinja-syntax', line: 1, column: 8 }],
  ['{{ missing | tojson }}', { rule: 'jinja-type', line: 1, column: 14 }],
  ['{{ n is nosuchtest }}', { rule: 'jinja-syntax', line: 1, column: 9 }],
];

describe('templates Python rejects are rejected with a positioned diagnostic', () => {
  const env = new JinjaEnvironment();
  const python = renderWithPython(FAILING.map(([template]) => ({ template, context: CONTEXT, keyOrder: 'sorted' as const })));
  it.each(FAILING.map(([t, d], i) => [i, t, d] as const))('case %i: %j', (i, template, diagnostic) => {
    expect(python[i]!.ok).toBe(false);
    const ours = env.render(template, CONTEXT);
    expect(ours.ok).toBe(false);
    expect(ours.text).toBe('');
    expect(ours.diagnostics).toMatchObject([{ severity: 'error', ...diagnostic }]);
  });
});

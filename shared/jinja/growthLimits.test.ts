// Every way a template can grow a string or a list counts against the render limits (issue #32: forty
// `{% set x = x + x %}` ran 17–28 s, took 3 GB, then V8 aborted, and with it the app's server). Each way has a hostile
// template, sized to pass a limit, that is refused with the limit's error at the line that passed it, and a modest
// template of the same shape that renders exactly as Python Jinja2 renders it (python3 + jinja2, as in CI).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderWithPython } from '../../node/testing/pythonJinjaOracle';
import type { PyValue } from '../pyvalue/types';
import { JinjaEnvironment } from './environment';
import { RENDER_LIMITS } from './limits';
import { pyReplace, pyReplaceCount, pySplit, pySplitCount, pySplitLines, pySplitLinesCount } from './runtime/pystr';

const times = (text: string, n: number) => text.repeat(n);
const doubled = (init: string, statement: string, n: number) => `{% set x = ${init} %}\n${times(statement, n)}{{ x|length }}`;
/** Leaves 54,432 of the 32 M list items a rendering may make, keeping none: copies of a 100,000-item list. */
const PAD_ITEMS = '{% set big = range(100000)|list %}{% for i in range(334) %}{% set _ = big|list %}{% endfor %}';
/** Leaves 108,864 of the 64 M characters a rendering may make, keeping none: copies of a 1,000,000-character str. */
const PAD_CHARS = "{% set s = 'x' * 1000000 %}{% for i in range(66) %}{% set _ = s ~ '' %}{% endfor %}";
/** A list of 41 lists that prints as 2^40 items: `x = [x, x]` forty times. */
const SHARED = `{% set x = [1] %}${times('{% set x = [x, x] %}', 40)}`;
/** A dict of 20,000 items, made before PAD_ITEMS: 14,432 items are left after both. */
const DICT = '{% set d = {} %}{% for i in range(20000) %}{% set _ = d.setdefault(i, i) %}{% endfor %}';

interface Way {
  way: string;
  /** Passes a limit on its line 2. */
  hostile: string;
  /** The operation the error names ("a concatenation (+)"), or the whole message. */
  refused: string | RegExp;
  /** The same shape, modest: renders as Python Jinja2 does. */
  legit: string;
}

const GROWTH: Way[] = [
  // The operators
  { way: 'list + list, forty times (issue #32)', hostile: doubled('[1]', '{% set x = x + x %}', 40), refused: 'a concatenation (+)', legit: `${doubled('[1]', '{% set x = x + x %}', 5)} {{ x[:3] }}` },
  { way: 'tuple + tuple', hostile: doubled('(1,)', '{% set x = x + x %}', 40), refused: 'a concatenation (+)', legit: `${doubled('(1,)', '{% set x = x + x %}', 3)} {{ x }}` },
  { way: 'str + str', hostile: doubled("'ab'", '{% set x = x + x %}', 40), refused: 'a concatenation (+)', legit: `${doubled("'ab'", '{% set x = x + x %}', 4)} {{ x }}` },
  { way: 'Markup + str (escapes the str)', hostile: "{{ 1 }}\n{{ (('x'|safe) + '<' * 20000000)|length }}", refused: 'a concatenation (+)', legit: "{{ ('<b>'|safe) + '<i>' }}" },
  { way: '~', hostile: doubled("'ab'", '{% set x = x ~ x %}', 40), refused: 'a concatenation (~)', legit: `${doubled("'ab'", '{% set x = x ~ x %}', 4)} {{ x ~ 1 ~ none }}` },
  { way: '~ of a list sharing its parts', hostile: `${PAD_CHARS}${SHARED}\n{% set s = x ~ '' %}`, refused: 'a concatenation (~)', legit: "{% set x = [1] %}{% set x = [x, x] %}{% set x = [x, x] %}{{ x ~ '!' }}" },
  { way: 'list * n', hostile: doubled('[1, 2]', '{% set x = x * 2 %}', 40), refused: 'a repetition', legit: `${doubled('[1, 2]', '{% set x = x * 2 %}', 4)} {{ x[:5] }}` },
  { way: 'str * n', hostile: doubled("'ab'", '{% set x = 2 * x %}', 40), refused: 'a repetition', legit: `${doubled("'ab'", '{% set x = 2 * x %}', 4)} {{ x }}` },
  { way: "str % args, a field repeated", hostile: doubled("'ab'", "{% set x = '%s%s' % (x, x) %}", 40), refused: 'a % format', legit: `${doubled("'ab'", "{% set x = '%s%s' % (x, x) %}", 3)} {{ '%5s|%-4d|%r' % ('a', 7, x) }}` },
  { way: 'str % args, a wide field', hostile: "{{ 1 }}\n{{ '%*d' % (1000000000, 1) }}", refused: 'a % format', legit: "{{ '%*d|%05.1f|%-3s|' % (5, 1, 2.5, 'a') }}" },
  { way: 'int * int', hostile: `{% set x = 3 %}\n${times('{% set x = x * x %}', 40)}{{ x }}`, refused: /^Render limit reached: a multiplication \(\*\) making an int of about \d+ digits, past the 100000 digits an int may have$/, legit: `{% set x = 3 %}${times('{% set x = x * x %}', 5)}{{ x }} {{ 10**20 * -(10**20) }}` },
  { way: 'int ** int', hostile: "{{ 1 }}\n{{ 2 ** 100000000 }}", refused: /^Render limit reached: a power \(\*\*\) making an int of about \d+ digits, past the 100000 digits an int may have$/, legit: '{{ 2 ** 100 }} {{ 1 ** 10**9 }} {{ (-1) ** (10**9 + 1) }} {{ 0 ** 10**9 }} {{ 2 ** -1 }} {{ 2.0 ** 3 }}' },
  // Filters
  { way: 'int of a long str', hostile: "{% set s = '9' * 200000 %}\n{{ s|int }}", refused: /^Render limit reached: the int filter making an int of about 200000 digits, past the 100000 digits an int may have$/, legit: "{{ '12'|int }} {{ ' 0x1F'|int(base=16) }} {{ 'zz'|int(base=36) }} {{ '1_000'|int }} {{ '123456789012345678901234567890'|int }}" },
  { way: 'format', hostile: doubled("'ab'", "{% set x = '%s%s'|format(x, x) %}", 40), refused: 'the format filter', legit: `${doubled("'ab'", "{% set x = '%s%s'|format(x, x) %}", 3)} {{ x }}` },
  { way: 'join', hostile: doubled("'ab'", '{% set x = [x, x]|join %}', 40), refused: 'the join filter', legit: `${doubled("'ab'", '{% set x = [x, x]|join %}', 3)} {{ [x, 1, none]|join('-') }}` },
  { way: 'sum of lists', hostile: doubled('[1]', '{% set x = [x, x]|sum(start=[]) %}', 40), refused: 'the sum filter', legit: `${doubled('[1]', '{% set x = [x, x]|sum(start=[]) %}', 3)} {{ [1, 2, 3]|sum }}` },
  { way: 'replace', hostile: "{% set x = 'a' * 10000 %}\n{{ x|replace('a', x)|length }}", refused: 'the replace filter', legit: "{{ 'abcb'|replace('b', 'xx') }} {{ 'ab'|replace('', '-') }} {{ 'abab'|replace('b', '$&', 1) }}" },
  { way: 'center', hostile: "{{ 1 }}\n{{ 'x'|center(100000000) }}", refused: 'the center filter', legit: "[{{ 'x'|center(9) }}][{{ 'ab'|center(1) }}]" },
  { way: 'indent, many lines', hostile: "{% set t = 'a\\n' * 1000 %}\n{{ t|indent(100000) }}", refused: 'the indent filter', legit: "{{ 'a\\nb\\n\\nc'|indent(3, true) }}|{{ 'a\\n\\nb'|indent('> ', blank=true) }}" },
  { way: 'indent, a wide one', hostile: "{{ 1 }}\n{{ 'a\\nb'|indent(100000000) }}", refused: 'the indent filter', legit: "{{ 'a\\nb'|indent(6) }}" },
  { way: 'tojson of a list sharing its parts', hostile: `${PAD_CHARS}${SHARED}\n{{ x|tojson }}`, refused: 'the tojson filter', legit: "{% set x = [1] %}{% set x = [x, x] %}{{ {'x': [x, x]}|tojson }}" },
  { way: 'tojson, a wide indent', hostile: "{{ 1 }}\n{{ [[1]]|tojson(indent=100000000) }}", refused: 'the tojson filter', legit: "{{ {'a': [1, {'b': none}]}|tojson(indent=3) }}" },
  { way: 'string of a list sharing its parts', hostile: `${PAD_CHARS}${SHARED}\n{{ x|string }}`, refused: 'the string filter', legit: "{% set x = [1] %}{% set x = [x, x] %}{{ x|string }}" },
  { way: 'batch, filled', hostile: "{{ 1 }}\n{{ [1]|batch(100000000, 0)|list }}", refused: 'the batch filter', legit: '{{ [1, 2, 3, 4, 5]|batch(2, 0)|list }} {{ [1, 2, 3]|batch(2)|list }}' },
  { way: 'list of a long str', hostile: "{% set s = 'x' * 40000000 %}\n{% set l = s|list %}", refused: 'the list filter', legit: "{{ 'abc'|list }} {{ '😀a'|list }}" },
  { way: 'escape', hostile: "{{ 1 }}\n{{ ('<' * 20000000)|escape|length }}", refused: 'the escape filter', legit: "{{ '<a & b>'|escape }} {{ '\"q\"'|forceescape }}" },
  { way: 'upper, lengthening', hostile: "{{ 1 }}\n{{ ('ß' * 30000000)|upper|length }}", refused: 'the upper filter', legit: "{{ 'straße'|upper }} {{ 'ÉCOLE'|lower }}" },
  // Methods
  { way: 'str.format', hostile: doubled("'ab'", "{% set x = '{0}{0}'.format(x) %}", 40), refused: 'str.format()', legit: `${doubled("'ab'", "{% set x = '{0}{0}'.format(x) %}", 3)} {{ '{}-{n}'.format(1, n=x) }}` },
  { way: 'str.join', hostile: doubled("'ab'", "{% set x = ''.join([x, x]) %}", 40), refused: 'str.join()', legit: `${doubled("'ab'", "{% set x = ''.join([x, x]) %}", 3)} {{ '-'.join('abc') }}` },
  { way: 'str.replace', hostile: "{% set x = 'a' * 10000 %}\n{{ x.replace('a', x)|length }}", refused: 'str.replace()', legit: "{{ 'ab'.replace('', '-', 2) }} {{ 'a$b'.replace('$', '$$') }}" },
  { way: 'str.split', hostile: "{{ 1 }}\n{{ (',' * 40000000).split(',')|length }}", refused: 'str.split()', legit: "{{ 'a,b,,c'.split(',') }} {{ ' a  b '.split() }} {{ 'a b c'.split(none, 1) }}" },
  { way: 'str.splitlines', hostile: "{{ 1 }}\n{{ ('\\n' * 40000000).splitlines()|length }}", refused: 'str.splitlines()', legit: "{{ 'a\\nb\\r\\nc\\n'.splitlines() }}" },
  { way: 'list.extend(itself)', hostile: '{% set l = [1] %}\n{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}', refused: 'list.extend()', legit: '{% set l = [1] %}{% for i in range(3) %}{% set _ = l.extend(l) %}{% endfor %}{{ l|length }}' },
  // Statements
  { way: 'a namespace collecting a list', hostile: '{% set ns = namespace(l=[1]) %}\n{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}', refused: 'a concatenation (+)', legit: '{% set ns = namespace(l=[]) %}{% for t in range(10) %}{% set ns.l = ns.l + [t] %}{% endfor %}{{ ns.l }}' },
  { way: 'a namespace collecting a str', hostile: "{% set ns = namespace(s='ab') %}\n{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", refused: 'a concatenation (~)', legit: "{% set ns = namespace(s='') %}{% for t in ['a', 'b'] %}{% set ns.s = ns.s ~ t ~ ',' %}{% endfor %}{{ ns.s }}" },
  { way: 'a for loop over a long str', hostile: "{{ 1 }}\n{% for c in 'x' * 40000000 %}{% endfor %}", refused: 'a for loop', legit: "{% for c in 'abc' %}{{ c }}.{% endfor %}" },
  { way: 'unpacking a long str', hostile: "{{ 1 }}\n{% set a, b = 'x' * 40000000 %}", refused: 'unpacking', legit: "{% set a, b = 'xy' %}{{ b }}{{ a }}" },
  { way: '*args of a long str', hostile: "{{ 1 }}\n{{ '{}'.format(*('x' * 40000000)) }}", refused: 'arguments after *', legit: "{{ '{}{}'.format(*'ab') }}" },
  { way: 'a macro printing its argument twice', hostile: `{% set x = 'ab' %}\n{% macro m(x) %}{{ x }}{{ x }}{% endmacro %}${times('{% set x = m(x) %}', 40)}`, refused: /^Render limit reached: more than 16 M characters of output$/, legit: "{% macro m(x) %}{{ x }}{{ x }}{% endmacro %}{% set x = 'ab' %}{% set x = m(x) %}{% set x = m(x) %}{{ x }}" },
  { way: 'a block set printing a variable twice', hostile: `{% set x = 'ab' %}\n${times('{% set x %}{{ x }}{{ x }}{% endset %}', 40)}`, refused: /^Render limit reached: more than 16 M characters of output$/, legit: "{% set x = 'ab' %}{% set x %}{{ x }}{{ x }}{% endset %}{% set x %}{{ x }}-{{ x }}{% endset %}{{ x }}" },
  { way: 'printing a list sharing its parts', hostile: `${SHARED}\n{{ x }}`, refused: /^Render limit reached: more than 16 M characters of output$/, legit: '{% set x = [1] %}{% set x = [x, (x, x)] %}{{ x }}' },
];

// Copies: each is no larger than what it copies, but kept (appended, collected), copies fill memory as surely.
const COPIES: Way[] = [
  { way: 'a slice of a list', hostile: `${PAD_ITEMS}\n{% set c = big[:] %}`, refused: 'a slice', legit: '{% set l = [1, 2, 3, 4, 5] %}{{ l[1:] }} {{ l[::-2] }} {{ l[-2:] }} {{ (1, 2, 3)[:2] }}' },
  { way: 'a slice of a str', hostile: `${PAD_CHARS}\n{% set c = s[::-1] %}`, refused: 'a slice', legit: "{{ 'héllo'[::-1] }} {{ 'abcdef'[1:4] }} {{ '😀ab'[1:] }} {{ 'abcdef'[::2] }} {{ '😀ab'[-1] }} {{ 'a😀b😀c'[1:4] }} {{ 'a😀b😀c'[-2:] }} {{ 'a😀b😀c'[::-2] }} {{ '\\ud800x😀'[1:] }}" },
  { way: 'list.copy', hostile: `${PAD_ITEMS}\n{% set c = big.copy() %}`, refused: 'list.copy()', legit: '{% set l = [1, 2] %}{% set c = l.copy() %}{% set _ = c.append(3) %}{{ l }} {{ c }}' },
  { way: 'list.append', hostile: `${PAD_ITEMS}{% set l = [] %}\n{% for i in range(30000) %}{% set _ = l.append(i) %}{% set _ = l.append(i) %}{% endfor %}`, refused: 'list.append()', legit: '{% set l = [] %}{% for i in range(3) %}{% set _ = l.append(i) %}{% set _ = l.insert(0, i) %}{% endfor %}{{ l }}' },
  { way: 'dict.copy', hostile: `${DICT}${PAD_ITEMS}\n{% set c = d.copy() %}`, refused: 'dict.copy()', legit: "{% set d = {'b': 1, 'a': 2} %}{{ d.copy() }}" },
  { way: 'dict()', hostile: `${DICT}${PAD_ITEMS}\n{% set c = dict(d) %}`, refused: 'dict()', legit: "{% set d = {'b': 1, 'a': 2} %}{{ dict(d, c=3) }}" },
  { way: 'namespace()', hostile: `${DICT}${PAD_ITEMS}\n{% set c = namespace(d) %}`, refused: 'namespace()', legit: "{% set d = {'b': 1, 'a': 2} %}{{ namespace(d, c=3).a }}" },
  { way: 'dict.update', hostile: `${DICT}${PAD_ITEMS}{% set e = {} %}\n{% set _ = e.update(d) %}`, refused: 'dict.update()', legit: "{% set e = {'a': 0} %}{% set _ = e.update({'b': 1}, c=2) %}{{ e }}" },
  { way: 'dictsort', hostile: `${DICT}${PAD_ITEMS}\n{% set c = d|dictsort %}`, refused: 'the dictsort filter', legit: "{{ {'b': 1, 'A': 2}|dictsort }} {{ {'b': 1, 'a': 2}|dictsort(by='value', reverse=true) }}" },
  { way: 'items', hostile: `${DICT}${PAD_ITEMS}\n{% set c = d|items|list %}`, refused: 'the items filter', legit: "{{ {'b': 1, 'a': 2}|items|list }} {{ {'b': 1}.items()|list }}" },
  { way: 'list', hostile: `${PAD_ITEMS}\n{% set c = big|list %}`, refused: 'the list filter', legit: '{{ range(3)|list }} {{ {"a": 1}|list }}' },
  { way: 'map', hostile: `${PAD_ITEMS}\n{% set c = big|map('string')|list %}`, refused: 'the map filter', legit: "{{ [1, 2]|map('string')|list }} {{ [{'n': 1}]|map(attribute='n')|list }}" },
  { way: 'select', hostile: `${PAD_ITEMS}\n{% set c = big|select|list %}`, refused: 'the select filter', legit: "{{ [0, 1, 2]|select|list }} {{ [0, 1, 2]|reject('odd')|list }}" },
  { way: 'sort', hostile: `${PAD_ITEMS}\n{% set c = big|sort %}`, refused: 'the sort filter', legit: "{{ [3, 1, 2]|sort }} {{ ['b', 'A']|sort(reverse=true) }}" },
  { way: 'unique', hostile: `${PAD_ITEMS}\n{% set c = big|unique|list %}`, refused: 'the unique filter', legit: "{{ [1, 2, 1, 'a', 'A']|unique|list }} {{ [1, 1.0, true, 'a', 'A', 'a'|safe, (1,), (1,), none, none, 0, false]|unique|list }} {{ ['a', 'A']|unique(case_sensitive=true)|list }} {{ [{'n': 'x'}, {'n': 'X'}]|unique(attribute='n')|list }}" },
  { way: 'reverse of a list', hostile: `${PAD_ITEMS}\n{% set c = big|reverse %}`, refused: 'the reverse filter', legit: '{{ [1, 2, 3]|reverse|list }}' },
  { way: 'a for loop over a list', hostile: `${PAD_ITEMS}\n{% for i in big %}{% endfor %}`, refused: 'a for loop', legit: '{% for i in [1, 2] %}{{ i }}{% else %}none{% endfor %}' },
  { way: 'list literals', hostile: `${PAD_ITEMS}\n{% for i in range(20000) %}{% set _ = [i, i, i] %}{% endfor %}`, refused: 'a list', legit: '{% for i in range(2) %}{{ [i, [i]] }}{% endfor %}' },
  { way: 'tuple literals', hostile: `${PAD_ITEMS}\n{% for i in range(20000) %}{% set _ = (i, i, i) %}{% endfor %}`, refused: 'a tuple', legit: '{% for i in range(2) %}{{ (i, (i,)) }}{% endfor %}' },
  { way: 'dict literals', hostile: `${PAD_ITEMS}\n{% for i in range(20000) %}{% set _ = {'a': i, 'b': i, 'c': i} %}{% endfor %}`, refused: 'a dict', legit: "{% for i in range(2) %}{{ {'a': i} }}{% endfor %}" },
  { way: 'upper', hostile: `${PAD_CHARS}\n{% set c = s|upper %}`, refused: 'the upper filter', legit: "{{ 'abc'|upper }}" },
  { way: 'lower', hostile: `${PAD_CHARS}\n{% set c = s|lower %}`, refused: 'the lower filter', legit: "{{ 'ABC'|lower }}" },
  { way: 'title', hostile: `${PAD_CHARS}\n{% set c = s|title %}`, refused: 'the title filter', legit: "{{ 'hello wORLD-x(y z'|title }} {{ 'hello wORLD-x(y ⓐb'.title() }}" },
  { way: 'capitalize', hostile: `${PAD_CHARS}\n{% set c = s|capitalize %}`, refused: 'the capitalize filter', legit: "{{ 'hELLO'|capitalize }} {{ 'éa'.capitalize() }} {{ ''|capitalize }}" },
  { way: 'trim', hostile: `${PAD_CHARS}\n{% set c = s|trim %}`, refused: 'the trim filter', legit: "[{{ '  a '|trim }}][{{ 'xxaxx'|trim('x') }}]" },
  { way: 'reverse of a str', hostile: `${PAD_CHARS}\n{% set c = s|reverse %}`, refused: 'the reverse filter', legit: "{{ 'abc😀'|reverse }}" },
  { way: 'truncate', hostile: `${PAD_CHARS}\n{% set c = s|truncate(999000, true) %}`, refused: 'the truncate filter', legit: "{{ 'hello wide world'|truncate(9) }} {{ 'hello wide world'|truncate(9, true, '..', 0) }}" },
  { way: 'str.upper', hostile: `${PAD_CHARS}\n{% set c = s.upper() %}`, refused: 'str.upper()', legit: "{{ 'abc'.upper() }} {{ ' a '.strip() }}" },
  { way: 'str.strip', hostile: `${PAD_CHARS}\n{% set c = s.strip() %}`, refused: 'str.strip()', legit: "[{{ ' a '.lstrip() }}][{{ ' a '.rstrip() }}]" },
];

const env = new JinjaEnvironment();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function expectRefused({ hostile, refused }: Way): void {
  const result = env.render(hostile, {});
  expect(result.ok).toBe(false);
  expect(result.diagnostics).toHaveLength(1);
  const d = result.diagnostics[0]!;
  const message = typeof refused === 'string' ? new RegExp(`^Render limit reached: ${escapeRegExp(refused)} making (more than )?\\d+ (characters|items), past the `) : refused;
  expect(d.message).toMatch(message);
  expect(d.rule).toBe('jinja-value');
  expect(d.line).toBe(2);
}

describe('growing a string or a list past the render limits', () => {
  it.each(GROWTH.map((w) => [w.way, w] as const))('is refused at its line: %s', (_way, w) => expectRefused(w));
});

describe('copies past the render limits', () => {
  it.each(COPIES.map((w) => [w.way, w] as const))('are refused at their line: %s', (_way, w) => expectRefused(w));
});

describe('within the limits', () => {
  const all = [...GROWTH, ...COPIES];
  const python = renderWithPython(all.map((w) => ({ template: w.legit, context: new Map(), keyOrder: 'sorted' as const })));
  it.each(all.map((w, i) => [w.way, w.legit, i] as const))('renders as Jinja2: %s', (_way, legit, i) => {
    const ours = env.render(legit, {});
    const theirs = python[i]!;
    expect(ours.diagnostics).toEqual([]);
    expect(theirs).toEqual({ ok: true, text: ours.text });
  });

  it('names the statement that passed the limit, and what was made before', () => {
    // Issue #32's template: the 25th doubling would make 2^25 items, past 32 M with the 2^25 - 1 made before.
    const line2 = times('{% set x = x + x %}', 40);
    const result = env.render(`{% set x = [1] %}\n${line2}`, {});
    let plus = -1;
    for (let k = 0; k < 25; k++) plus = line2.indexOf('+', plus + 1);
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        rule: 'jinja-value',
        message: 'Render limit reached: a concatenation (+) making 33554432 items, past the 32 M items of lists, tuples and dicts a rendering may make (32 M made before)',
        line: 2,
        column: plus + 1,
      },
    ]);
    // One operation past the limit alone: nothing made before is mentioned.
    expect(env.render("{{ 'x'|center(100000000) }}", {}).diagnostics[0]!.message).toBe(
      'Render limit reached: the center filter making 100000000 characters, past the 64 M characters of strings a rendering may make',
    );
  });

  it("makes no list of a str's characters to index it, slice it or take its first or last", () => {
    // 54,432 items left: a list of the 200,000 code units would be refused.
    const emoji = "{% set e = '😀' * 100000 %}";
    const result = env.render(`${PAD_ITEMS}${emoji}{{ e[1:]|length }} {{ e[-1] }} {{ e|first }} {{ e|last }} {{ e[5:7] }}`, {});
    expect(result).toEqual({ ok: true, text: '99999 😀 😀 😀 😀😀', diagnostics: [] });
  });

  it('renders a 5,000-tool catalog at 2.5 KB a tool under each usual template shape', () => {
    const tools: PyValue[] = Array.from(
      { length: 5000 },
      (_, i) =>
        new Map<PyValue, PyValue>([
          ['name', `tool_${i}`],
          ['description', `Tool ${i} looks things up in a table <fast> & 'safe'. `.repeat(36)],
          ['input', new Map<PyValue, PyValue>([['query', 'string'], ['limit', 'integer']])],
          ['output', 'string'],
          ['type', i % 9 === 0 ? 'agent' : 'code'],
        ]),
    );
    const catalog = (entry: string) => `Here is the toolbox catalog: {"tools": [{% for t in tools %}${entry}{% if not loop.last %}, {% endif %}{% endfor %}]}`;
    const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures/templates', name), 'utf8');
    const templates = [
      fixture('toolbox_catalog.jinja2'),
      fixture('toolbox_catalog_loop.jinja2'),
      // Collected one by one in a namespace (12.5 M list items made, each list a copy of the one before), then dumped.
      "{% set ns = namespace(l=[]) %}{% for t in tools %}{% set ns.l = ns.l + [{'name': t.name, 'description': t.description|trim, 'input': t.input, 'output': t.output, 'type': t.type}] %}{% endfor %}Here is the toolbox catalog: {{ {'tools': ns.l}|tojson }}",
      // Each tool's entry from a macro, a call block, a block set; the whole in a filter block.
      `{% macro entry(t) %}{{ {'name': t.name, 'description': t.description}|tojson }}{% endmacro %}${catalog('{{ entry(t) }}')}`,
      `{% macro entry() %}{{ caller() }}{% endmacro %}${catalog("{% call entry() %}{{ {'name': t.name, 'description': t.description}|tojson }}{% endcall %}")}`,
      catalog("{% set entry %}{{ {'name': t.name, 'description': t.description}|tojson }}{% endset %}{{ entry }}"),
      `{% filter trim %}${catalog("{{ {'name': t.name, 'description': t.description}|tojson }}")}{% endfilter %}`,
      // Lines built with ~, format and join.
      "{% for t in tools %}{{ '%s (%s): ' % (t.name, t.type) ~ t.description|replace('<', '[')|truncate(2000) ~ '\\n' }}{{ t.input|dictsort|map('join', '=')|join(', ')|indent(4, true) }}\n{% endfor %}{{ tools|map(attribute='name')|join(', ') }}",
    ];
    for (const template of templates) {
      const result = env.render(template, { tools });
      expect(result.diagnostics).toEqual([]);
      expect(result.text.length).toBeGreaterThan(5000 * 1500);
      expect(result.text.length).toBeLessThan(RENDER_LIMITS.maxOutputChars);
    }
  });
});

describe('what a split or a replace will make, counted before it is made', () => {
  const text = fc.array(fc.constantFrom('a', 'bc', ' ', '  ', '\t', '\u3000', '\n', '\r\n', '\r', '\x1c', '\u2028', ',', ',,', '😀', '\ud800'), { maxLength: 12 }).map((parts) => parts.join(''));
  const sep = fc.constantFrom(null, ',', ',,', 'a', ' ', 'bc');
  const count = fc.integer({ min: -1, max: 4 });

  it('is what pySplit and pySplitLines make', () => {
    fc.assert(
      fc.property(text, sep, count, (s, separator, maxsplit) => {
        expect(pySplitCount(s, separator, maxsplit)).toBe(pySplit(s, separator, maxsplit).length);
        expect(pySplitLinesCount(s)).toBe(pySplitLines(s).length);
      }),
      { numRuns: 500 },
    );
  });

  it('is what pyReplace makes', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('', 'a', ',', ' ', '😀'), fc.constantFrom('', 'x', '$&', 'yy'), count, (s, old, rep, n) => {
        expect(pyReplace(s, old, rep, n).length).toBe(s.length + pyReplaceCount(s, old, n) * (rep.length - old.length));
      }),
      { numRuns: 500 },
    );
  });
});

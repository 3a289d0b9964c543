/**
 * Jinja2's grammar (3.1) over the lexer's tokens: statements (if/for/set/with/macro/call/filter/block/include) and
 * expressions with Jinja's precedence, which is not Python's:
 *   cond-expr < or < and < not < compare < + - < ~ < * / // % < ** < unary - + < postfix (. [] ()) and | filters, is tests.
 * Unknown filters and tests fail at parse time, as Python's compile step does.
 */
import type { BinaryOp, CallArgs, CompareOp, Expr, MacroArg, Stmt, Target } from './ast';
import { syntaxError } from './errors';
import type { Token } from './lexer';

export interface ParseOptions {
  hasFilter(name: string): boolean;
  hasTest(name: string): boolean;
}

const COMPARE_OPS: Record<string, CompareOp> = { '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'lteq', '>': 'gt', '>=': 'gteq' };

function describeToken(t: Token): string {
  switch (t.type) {
    case 'eof':
      return 'end of template';
    case 'var_end':
      return 'end of print statement';
    case 'block_end':
      return 'end of statement block';
    case 'var_begin':
      return 'begin of print statement';
    case 'block_begin':
      return 'begin of statement block';
    case 'string':
      return 'string';
    case 'int':
      return 'integer';
    case 'float':
      return 'float';
    default:
      return String(t.value);
  }
}

export class Parser {
  private pos = 0;
  /** Tag names of the blocks being parsed, innermost last, for "unexpected end of template" messages. */
  private readonly openBlocks: string[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly options: ParseOptions,
  ) {
    this.tokens = tokens.filter((t) => t.type !== 'comment');
  }

  parseTemplate(): Stmt[] {
    const body = this.parseStatements([]);
    return body;
  }

  // ---- token helpers

  private get current(): Token {
    return this.tokens[this.pos]!;
  }

  private peek(n = 1): Token {
    return this.tokens[Math.min(this.pos + n, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const t = this.current;
    if (t.type !== 'eof') this.pos++;
    return t;
  }

  private isOp(op: string, t: Token = this.current): boolean {
    return t.type === 'op' && t.value === op;
  }

  private isName(name: string, t: Token = this.current): boolean {
    return t.type === 'name' && t.value === name;
  }

  private fail(message: string, t: Token = this.current): never {
    throw syntaxError(message, t.offset);
  }

  private unexpected(t: Token = this.current): never {
    this.fail(`unexpected '${describeToken(t)}'`, t);
  }

  private expectOp(op: string): Token {
    if (!this.isOp(op)) this.fail(`expected token '${op}', got '${describeToken(this.current)}'`);
    return this.next();
  }

  private expectName(name?: string): Token & { value: string } {
    const t = this.current;
    if (t.type !== 'name' || (name !== undefined && t.value !== name)) {
      this.fail(`expected token '${name ?? 'name'}', got '${describeToken(t)}'`);
    }
    this.next();
    return t as Token & { value: string };
  }

  private expectType(type: Token['type'], what: string): Token {
    if (this.current.type !== type) this.fail(`expected token '${what}', got '${describeToken(this.current)}'`);
    return this.next();
  }

  // ---- statements

  /** Parses statements until a `{% name %}` whose name is in `endTags`, leaving the stream at that name. */
  private parseStatements(endTags: string[]): Stmt[] {
    const body: Stmt[] = [];
    for (;;) {
      const t = this.current;
      if (t.type === 'eof') {
        if (endTags.length === 0) return body;
        const inner = this.openBlocks[this.openBlocks.length - 1];
        this.fail(
          `Unexpected end of template. Jinja was looking for the following tags: ${endTags.map((n) => `'${n}'`).join(' or ')}.` +
            (inner ? ` The innermost block that needs to be closed is '${inner}'.` : ''),
        );
      }
      if (t.type === 'data') {
        body.push({ kind: 'text', offset: t.offset, text: t.value as string });
        this.next();
      } else if (t.type === 'var_begin') {
        this.next();
        const expr = this.parseTuple({ withCondexpr: true });
        this.expectType('var_end', '}}');
        body.push({ kind: 'output', offset: t.offset, expr });
      } else if (t.type === 'block_begin') {
        const name = this.peek();
        if (name.type === 'name' && endTags.includes(name.value as string)) {
          this.next();
          return body;
        }
        this.next();
        body.push(this.parseStatement());
      } else {
        this.unexpected();
      }
    }
  }

  /** After a body: consumes the end tag name (already current), optional trailing name, and `%}`. */
  private endBlock(): void {
    this.next();
    if (this.current.type === 'name') this.next(); // `{% endblock name %}`
    this.expectType('block_end', '%}');
  }

  private parseStatement(): Stmt {
    const t = this.current;
    if (t.type !== 'name') this.fail('tag name expected', t);
    const tag = t.value as string;
    this.openBlocks.push(tag);
    try {
      switch (tag) {
        case 'if':
          return this.parseIf();
        case 'for':
          return this.parseFor();
        case 'set':
          return this.parseSet();
        case 'with':
          return this.parseWith();
        case 'macro':
          return this.parseMacro();
        case 'call':
          return this.parseCallBlock();
        case 'filter':
          return this.parseFilterBlock();
        case 'block':
          return this.parseBlock();
        case 'include':
          return this.parseInclude();
        case 'extends':
        case 'import':
        case 'from':
          throw syntaxError(`'${tag}' is not supported by the preview engine (no template inheritance or imports)`, t.offset);
        default:
          if (tag.startsWith('end') || tag === 'else' || tag === 'elif') {
            this.fail(`Encountered unknown tag '${tag}'.`, t);
          }
          this.fail(`Encountered unknown tag '${tag}'.`, t);
      }
    } finally {
      this.openBlocks.pop();
    }
  }

  private parseIf(): Stmt {
    const start = this.next();
    const test = this.parseTuple({ withCondexpr: false });
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['elif', 'else', 'endif']);
    const tag = this.current.value as string;
    if (tag === 'elif') {
      // `elif` is an `if` nested in the else branch; it shares the endif.
      const nested = this.parseIf();
      return { kind: 'if', offset: start.offset, test, body, otherwise: [nested] };
    }
    if (tag === 'else') {
      this.next();
      this.expectType('block_end', '%}');
      const otherwise = this.parseStatements(['endif']);
      this.endBlock();
      return { kind: 'if', offset: start.offset, test, body, otherwise };
    }
    this.endBlock();
    return { kind: 'if', offset: start.offset, test, body, otherwise: [] };
  }

  private parseFor(): Stmt {
    const start = this.next();
    const target = this.parseAssignTarget(['in'], false);
    this.expectName('in');
    const iter = this.parseTuple({ withCondexpr: false, extraEnd: ['recursive'] });
    let test: Expr | undefined;
    if (this.isName('if')) {
      this.next();
      test = this.parseExpression();
    }
    const recursive = this.isName('recursive');
    if (recursive) this.next();
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['endfor', 'else']);
    let otherwise: Stmt[] = [];
    if (this.current.value === 'else') {
      this.next();
      this.expectType('block_end', '%}');
      otherwise = this.parseStatements(['endfor']);
    }
    this.endBlock();
    return { kind: 'for', offset: start.offset, target, iter, body, otherwise, test, recursive };
  }

  private parseSet(): Stmt {
    const start = this.next();
    const target = this.parseAssignTarget([], true);
    if (this.isOp('=')) {
      this.next();
      const expr = this.parseTuple({ withCondexpr: true });
      this.expectType('block_end', '%}');
      return { kind: 'set', offset: start.offset, target, expr };
    }
    const filter = this.isOp('|') ? this.parseFilterChain(undefined) : undefined;
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['endset']);
    this.endBlock();
    return { kind: 'setblock', offset: start.offset, target, body, filter };
  }

  private parseWith(): Stmt {
    const start = this.next();
    const targets: Target[] = [];
    const values: Expr[] = [];
    while (this.current.type !== 'block_end') {
      if (targets.length > 0) this.expectOp(',');
      targets.push(this.parseAssignTarget([], false));
      this.expectOp('=');
      values.push(this.parseExpression());
    }
    this.next();
    const body = this.parseStatements(['endwith']);
    this.endBlock();
    return { kind: 'with', offset: start.offset, targets, values, body };
  }

  private parseMacroSignature(): MacroArg[] {
    const args: MacroArg[] = [];
    this.expectOp('(');
    while (!this.isOp(')')) {
      if (args.length > 0) this.expectOp(',');
      if (this.isOp(')')) break;
      const name = this.expectName().value;
      const arg: MacroArg = { name };
      if (this.isOp('=')) {
        this.next();
        arg.default = this.parseExpression();
      }
      args.push(arg);
    }
    this.next();
    return args;
  }

  private parseMacro(): Stmt {
    const start = this.next();
    const name = this.expectName().value;
    const args = this.parseMacroSignature();
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['endmacro']);
    this.endBlock();
    return { kind: 'macro', offset: start.offset, name, args, body };
  }

  private parseCallBlock(): Stmt {
    const start = this.next();
    const args = this.isOp('(') ? this.parseMacroSignature() : [];
    const call = this.parseExpression();
    if (call.kind !== 'call') this.fail('expected call', start);
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['endcall']);
    this.endBlock();
    return { kind: 'callblock', offset: start.offset, call, args, body };
  }

  private parseFilterBlock(): Stmt {
    const start = this.next();
    const filter = this.parseFilterChain(undefined, true);
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['endfilter']);
    this.endBlock();
    return { kind: 'filterblock', offset: start.offset, body, filter };
  }

  private parseBlock(): Stmt {
    const start = this.next();
    const name = this.expectName().value;
    while (this.isName('scoped') || this.isName('required')) this.next();
    this.expectType('block_end', '%}');
    const body = this.parseStatements(['endblock']);
    this.endBlock();
    return { kind: 'block', offset: start.offset, name, body };
  }

  private parseInclude(): Stmt {
    const start = this.next();
    const template = this.parseExpression();
    let ignoreMissing = false;
    if (this.isName('ignore') && this.isName('missing', this.peek())) {
      this.next();
      this.next();
      ignoreMissing = true;
    }
    let withContext = true;
    if ((this.isName('with') || this.isName('without')) && this.isName('context', this.peek())) {
      withContext = this.next().value === 'with';
      this.next();
    }
    this.expectType('block_end', '%}');
    return { kind: 'include', offset: start.offset, template, ignoreMissing, withContext };
  }

  /** `x`, `x, y`, `(x, y)`, and with `withNamespace` also `ns.attr`. */
  private parseAssignTarget(extraEnd: string[], withNamespace: boolean): Target {
    const t = this.current;
    if (withNamespace && t.type === 'name' && this.isOp('.', this.peek())) {
      this.next();
      this.next();
      const attr = this.expectName().value;
      return { kind: 'nsref', offset: t.offset, name: t.value as string, attr };
    }
    const items: Target[] = [];
    let sawComma = false;
    for (;;) {
      if (items.length > 0) {
        if (!this.isOp(',')) break;
        this.next();
        sawComma = true;
      }
      if (this.isTupleEnd(extraEnd) || this.isOp('=')) break;
      if (this.isOp('(')) {
        this.next();
        items.push(this.parseAssignTarget([], false));
        this.expectOp(')');
      } else {
        const name = this.expectName();
        if (['true', 'false', 'none', 'True', 'False', 'None'].includes(name.value)) {
          this.fail(`Can't assign to ${name.value}`, name);
        }
        items.push({ kind: 'name', offset: name.offset, name: name.value });
      }
    }
    if (items.length === 0) this.fail(`expected an assignment target, got '${describeToken(this.current)}'`);
    if (!sawComma) return items[0]!;
    return { kind: 'tuple', offset: t.offset, items };
  }

  // ---- expressions

  private isTupleEnd(extraEnd: string[] = []): boolean {
    const t = this.current;
    if (t.type === 'var_end' || t.type === 'block_end' || t.type === 'eof' || this.isOp(')')) return true;
    return t.type === 'name' && extraEnd.includes(t.value as string);
  }

  /** A possibly comma-separated expression list: one item stays itself, several (or a trailing comma) a tuple. */
  private parseTuple(opts: { withCondexpr: boolean; extraEnd?: string[]; explicitParens?: boolean }): Expr {
    const start = this.current;
    const items: Expr[] = [];
    let sawComma = false;
    for (;;) {
      if (items.length > 0) {
        if (!this.isOp(',')) break;
        this.next();
        sawComma = true;
      }
      if (this.isTupleEnd(opts.extraEnd)) break;
      items.push(opts.withCondexpr ? this.parseExpression() : this.parseOr());
    }
    if (!sawComma) {
      if (items.length > 0) return items[0]!;
      if (!opts.explicitParens) this.fail(`Expected an expression, got '${describeToken(this.current)}'`);
    }
    return { kind: 'tuple', offset: start.offset, items };
  }

  parseExpression(): Expr {
    let expr = this.parseOr();
    while (this.isName('if')) {
      const t = this.next();
      const test = this.parseOr();
      let otherwise: Expr | undefined;
      if (this.isName('else')) {
        this.next();
        otherwise = this.parseExpression();
      }
      expr = { kind: 'cond', offset: t.offset, test, then: expr, otherwise };
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      const t = this.next();
      left = { kind: 'binary', offset: t.offset, op: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isName('and')) {
      const t = this.next();
      left = { kind: 'binary', offset: t.offset, op: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isName('not')) {
      const t = this.next();
      return { kind: 'unary', offset: t.offset, op: 'not', node: this.parseNot() };
    }
    return this.parseCompare();
  }

  private parseCompare(): Expr {
    const first = this.parseMath1();
    const ops: { op: CompareOp; offset: number; expr: Expr }[] = [];
    for (;;) {
      const t = this.current;
      if (t.type === 'op' && (t.value as string) in COMPARE_OPS) {
        this.next();
        ops.push({ op: COMPARE_OPS[t.value as string]!, offset: t.offset, expr: this.parseMath1() });
      } else if (this.isName('in')) {
        this.next();
        ops.push({ op: 'in', offset: t.offset, expr: this.parseMath1() });
      } else if (this.isName('not') && this.isName('in', this.peek())) {
        this.next();
        this.next();
        ops.push({ op: 'notin', offset: t.offset, expr: this.parseMath1() });
      } else break;
    }
    return ops.length === 0 ? first : { kind: 'compare', offset: first.offset, first, ops };
  }

  private parseBinaryLevel(ops: string[], operand: () => Expr): Expr {
    let left = operand();
    while (this.current.type === 'op' && ops.includes(this.current.value as string)) {
      const t = this.next();
      left = { kind: 'binary', offset: t.offset, op: t.value as BinaryOp, left, right: operand() };
    }
    return left;
  }

  private parseMath1(): Expr {
    return this.parseBinaryLevel(['+', '-'], () => this.parseConcat());
  }

  private parseConcat(): Expr {
    return this.parseBinaryLevel(['~'], () => this.parseMath2());
  }

  private parseMath2(): Expr {
    return this.parseBinaryLevel(['*', '/', '//', '%'], () => this.parsePow());
  }

  private parsePow(): Expr {
    return this.parseBinaryLevel(['**'], () => this.parseUnary(true));
  }

  private parseUnary(withFilter: boolean): Expr {
    const t = this.current;
    let node: Expr;
    if (this.isOp('-') || this.isOp('+')) {
      this.next();
      node = { kind: 'unary', offset: t.offset, op: t.value as '-' | '+', node: this.parseUnary(false) };
    } else {
      node = this.parsePrimary();
    }
    node = this.parsePostfix(node);
    if (withFilter) node = this.parseFilterExpr(node);
    return node;
  }

  private parsePrimary(): Expr {
    const t = this.current;
    switch (t.type) {
      case 'name': {
        this.next();
        const name = t.value as string;
        if (name === 'true' || name === 'True') return { kind: 'const', offset: t.offset, value: true };
        if (name === 'false' || name === 'False') return { kind: 'const', offset: t.offset, value: false };
        if (name === 'none' || name === 'None') return { kind: 'const', offset: t.offset, value: null };
        return { kind: 'name', offset: t.offset, name };
      }
      case 'string': {
        let value = t.value as string;
        this.next();
        while (this.current.type === 'string') value += this.next().value as string;
        return { kind: 'const', offset: t.offset, value };
      }
      case 'int':
      case 'float':
        this.next();
        return { kind: 'const', offset: t.offset, value: t.value };
    }
    if (this.isOp('(')) {
      this.next();
      const expr = this.parseTuple({ withCondexpr: true, explicitParens: true });
      this.expectOp(')');
      return expr;
    }
    if (this.isOp('[')) {
      this.next();
      const items: Expr[] = [];
      while (!this.isOp(']')) {
        if (items.length > 0) this.expectOp(',');
        if (this.isOp(']')) break;
        items.push(this.parseExpression());
      }
      this.next();
      return { kind: 'list', offset: t.offset, items };
    }
    if (this.isOp('{')) {
      this.next();
      const pairs: [Expr, Expr][] = [];
      while (!this.isOp('}')) {
        if (pairs.length > 0) this.expectOp(',');
        if (this.isOp('}')) break;
        const key = this.parseExpression();
        this.expectOp(':');
        pairs.push([key, this.parseExpression()]);
      }
      this.next();
      return { kind: 'dict', offset: t.offset, pairs };
    }
    this.unexpected();
  }

  private parsePostfix(node: Expr): Expr {
    for (;;) {
      const t = this.current;
      if (this.isOp('.')) {
        this.next();
        const attr = this.current;
        if (attr.type === 'name') {
          this.next();
          node = { kind: 'getattr', offset: t.offset, node, attr: attr.value as string };
        } else if (attr.type === 'int') {
          this.next();
          node = { kind: 'getitem', offset: t.offset, node, arg: { kind: 'const', offset: attr.offset, value: attr.value } };
        } else this.fail('expected name or number', attr);
      } else if (this.isOp('[')) {
        this.next();
        const args: Expr[] = [];
        while (!this.isOp(']')) {
          if (args.length > 0) this.expectOp(',');
          args.push(this.parseSubscribed());
        }
        this.next();
        const arg: Expr = args.length === 1 ? args[0]! : { kind: 'tuple', offset: t.offset, items: args };
        node = { kind: 'getitem', offset: t.offset, node, arg };
      } else if (this.isOp('(')) {
        node = { kind: 'call', offset: t.offset, node, ...this.parseCallArgs() };
      } else return node;
    }
  }

  private parseSubscribed(): Expr {
    const t = this.current;
    let start: Expr | undefined;
    if (!this.isOp(':')) {
      start = this.parseExpression();
      if (!this.isOp(':')) return start;
    }
    this.next();
    const slice: Expr & { kind: 'slice' } = { kind: 'slice', offset: t.offset, start };
    if (!this.isOp(']') && !this.isOp(',') && !this.isOp(':')) slice.stop = this.parseExpression();
    if (this.isOp(':')) {
      this.next();
      if (!this.isOp(']') && !this.isOp(',')) slice.step = this.parseExpression();
    }
    return slice;
  }

  private parseCallArgs(): CallArgs {
    this.expectOp('(');
    const result: CallArgs = { args: [], kwargs: [] };
    let first = true;
    while (!this.isOp(')')) {
      if (!first) {
        this.expectOp(',');
        if (this.isOp(')')) break;
      }
      first = false;
      if (this.isOp('*')) {
        this.next();
        result.dynArgs = this.parseExpression();
      } else if (this.isOp('**')) {
        this.next();
        result.dynKwargs = this.parseExpression();
      } else if (this.current.type === 'name' && this.isOp('=', this.peek())) {
        const key = this.next().value as string;
        this.next();
        result.kwargs.push([key, this.parseExpression()]);
      } else {
        if (result.kwargs.length > 0 || result.dynArgs || result.dynKwargs) {
          this.fail('Invalid argument syntax: positional argument after keyword argument');
        }
        result.args.push(this.parseExpression());
      }
    }
    this.next();
    return result;
  }

  private parseDottedName(): Token & { value: string } {
    const t = this.expectName();
    let name = t.value;
    while (this.isOp('.') && this.peek().type === 'name') {
      this.next();
      name += `.${this.next().value as string}`;
    }
    return { ...t, value: name };
  }

  /** `| f | g(x)`; with `node` undefined, the chain applies to a block body (`{% filter %}`, `{% set x | f %}`). */
  private parseFilterChain(node: Expr | undefined, first = false): Expr {
    let result = node;
    let expectPipe = !first;
    do {
      if (expectPipe) this.expectOp('|');
      expectPipe = true;
      const name = this.parseDottedName();
      if (!this.options.hasFilter(name.value)) this.fail(`No filter named '${name.value}'.`, name);
      const args = this.isOp('(') ? this.parseCallArgs() : { args: [], kwargs: [] };
      result = { kind: 'filter', offset: name.offset, node: result, name: name.value, ...args };
    } while (this.isOp('|'));
    return result!;
  }

  private parseFilterExpr(node: Expr): Expr {
    for (;;) {
      if (this.isOp('|')) node = this.parseFilterChain(node);
      else if (this.isName('is')) node = this.parseTest(node);
      else if (this.isOp('(')) node = { kind: 'call', offset: this.current.offset, node, ...this.parseCallArgs() };
      else return node;
    }
  }

  private parseTest(node: Expr): Expr {
    this.next(); // is
    let negated = false;
    if (this.isName('not')) {
      this.next();
      negated = true;
    }
    const name = this.parseDottedName();
    if (!this.options.hasTest(name.value)) this.fail(`No test named '${name.value}'.`, name);
    let args: CallArgs = { args: [], kwargs: [] };
    const t = this.current;
    if (this.isOp('(')) {
      args = this.parseCallArgs();
    } else if (
      (['name', 'string', 'int', 'float'].includes(t.type) || this.isOp('[') || this.isOp('{')) &&
      !this.isName('else') &&
      !this.isName('or') &&
      !this.isName('and')
    ) {
      if (this.isName('is')) this.fail('You cannot chain multiple tests with is');
      args = { args: [this.parsePostfix(this.parsePrimary())], kwargs: [] };
    }
    return { kind: 'test', offset: name.offset, node, name: name.value, negated, ...args };
  }
}

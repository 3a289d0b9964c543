/**
 * The engine's entry point: a Jinja2 `Environment()` with Python's defaults (autoescape, trim_blocks, lstrip_blocks and
 * keep_trailing_newline off), the builtin filters, tests and globals, and `tojson` under a chosen key order.
 * Compiling and rendering never throw: problems come back as positioned diagnostics.
 */
import type { Stmt } from './ast';
import type { TemplateDiagnostic } from './diagnostic';
import { TemplateError } from './errors';
import { Frame, Interpreter } from './interpreter';
import { tokenize, type Token } from './lexer';
import { Parser } from './parser';
import type { FilterFn, TestFn } from './runtime/context';
import { FILTERS } from './runtime/filters';
import { defaultGlobals } from './runtime/globals';
import { TESTS } from './runtime/tests';
import { TemplateSource } from './source';
import type { PyValue } from '../pyvalue/types';
import { errorMessage } from '../errorMessage';

/** `sorted`: Jinja2's default `json.dumps_kwargs = {"sort_keys": True}`; `insertion`: `env.policies["json.dumps_kwargs"] = {}`. */
export type KeyOrder = 'sorted' | 'insertion';

export interface EnvironmentOptions {
  keyOrder?: KeyOrder;
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
  keepTrailingNewline?: boolean;
  /** Source of other templates for `{% include %}` (file access stays with the caller). */
  loader?: (name: string) => string | undefined;
}

export interface RenderResult {
  /** The rendered text; '' when rendering failed (Python raises and produces nothing). */
  text: string;
  /** False when an error diagnostic stopped compiling or rendering. */
  ok: boolean;
  diagnostics: TemplateDiagnostic[];
}

export interface CompiledTemplate {
  readonly source: TemplateSource;
  readonly tokens: Token[];
  readonly body: Stmt[];
}

export type CompileResult = { ok: true; template: CompiledTemplate } | { ok: false; diagnostics: TemplateDiagnostic[] };

function toDiagnostic(error: unknown, source: TemplateSource, fallbackOffset: number): TemplateDiagnostic {
  if (error instanceof TemplateError) {
    const { line, column } = source.position(error.offset ?? fallbackOffset);
    return { severity: 'error', rule: `jinja-${error.kind}`, message: error.message, line, column };
  }
  // Anything else (a stack overflow in a deeply recursive template, a bug) is still reported, never thrown.
  const { line, column } = source.position(fallbackOffset);
  const message = errorMessage(error);
  return { severity: 'error', rule: 'jinja-internal', message, line, column };
}

export class JinjaEnvironment {
  readonly filters: Record<string, FilterFn> = { ...FILTERS };
  readonly tests: Record<string, TestFn> = { ...TESTS };
  readonly globals: Map<string, PyValue> = defaultGlobals();
  private readonly includeCache = new Map<string, Stmt[] | undefined>();

  constructor(readonly options: EnvironmentOptions = {}) {}

  compile(text: string): CompileResult {
    const source = new TemplateSource(text, this.options.keepTrailingNewline ?? false);
    try {
      const tokens = tokenize(source.text, {
        trimBlocks: this.options.trimBlocks ?? false,
        lstripBlocks: this.options.lstripBlocks ?? false,
      });
      const parser = new Parser(tokens, {
        hasFilter: (n) => Object.hasOwn(this.filters, n),
        hasTest: (n) => Object.hasOwn(this.tests, n),
      });
      return { ok: true, template: { source, tokens, body: parser.parseTemplate() } };
    } catch (error) {
      return { ok: false, diagnostics: [toDiagnostic(error, source, source.text.length)] };
    }
  }

  /** Renders a compiled template with the given variables (Python values). */
  renderCompiled(template: CompiledTemplate, vars: Map<string, PyValue> | Record<string, PyValue>): RenderResult {
    const root = new Frame(undefined);
    for (const [k, v] of this.globals) root.set(k, v);
    const context = new Frame(root);
    for (const [k, v] of vars instanceof Map ? vars : Object.entries(vars)) context.set(k, v);
    const interpreter = new Interpreter({
      filters: this.filters,
      tests: this.tests,
      sortKeys: (this.options.keyOrder ?? 'sorted') === 'sorted',
      loadTemplate: (name) => this.loadInclude(name),
    });
    const out: string[] = [];
    try {
      interpreter.execute(template.body, context, out);
      return { text: out.join(''), ok: true, diagnostics: [] };
    } catch (error) {
      return { text: '', ok: false, diagnostics: [toDiagnostic(error, template.source, interpreter.at)] };
    }
  }

  /** Compiles and renders in one step. */
  render(text: string, vars: Map<string, PyValue> | Record<string, PyValue>): RenderResult {
    const compiled = this.compile(text);
    if (!compiled.ok) return { text: '', ok: false, diagnostics: compiled.diagnostics };
    return this.renderCompiled(compiled.template, vars);
  }

  private loadInclude(name: string): Stmt[] | undefined {
    if (!this.includeCache.has(name)) {
      const text = this.options.loader?.(name);
      if (text === undefined) {
        this.includeCache.set(name, undefined);
      } else {
        const compiled = this.compile(text);
        if (!compiled.ok) {
          const d = compiled.diagnostics[0]!;
          throw new TemplateError('syntax', `in included template '${name}' at ${d.line}:${d.column}: ${d.message}`);
        }
        this.includeCache.set(name, compiled.template.body);
      }
    }
    return this.includeCache.get(name);
  }
}

/**
 * The text of a new coded tool's Python module, made from its toolbox entry: a class named as `class` says, a
 * docstring from the description, `invoke` reading each declared parameter (its type in a comment) and answering
 * a clear "not implemented" result, and `async_invoke` running it. Valid Python that imports and runs at once.
 */
import type { JsonValue } from '../../shared/toolbox/index';

export interface ModuleSource {
  /** The class's own name (the last part of `class`). */
  className: string;
  /** The entry's name, for the module's docstring. */
  tool: string;
  /** The file's base name, for the not-implemented message. */
  fileName: string;
  description?: string;
  parameters?: { [key: string]: JsonValue };
  /** Whether the interpreter can import neuro-san's CodedTool; else a plain class and a comment saying what to change. */
  codedToolBase: boolean;
  /** The interpreter asked, for that comment. */
  python: string;
}

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether `name` can be a Python module or class name. */
export function isPythonIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !PYTHON_KEYWORDS.has(name);
}

export function pythonModuleText(source: ModuleSource): string {
  const { className } = source;
  const params = declaredParameters(source.parameters);
  const variables = variableNames(params.map((p) => p.name));
  const lines: string[] = [];
  lines.push('"""', `The coded tool '${escapeDocstring(source.tool)}' of a neuro-san toolbox.`, '', 'Made by Toolbox Editor from the toolbox entry: fill in invoke (or async_invoke, if the tool awaits I/O).', '"""');
  lines.push('from typing import Any', 'from typing import Dict', '');
  if (source.codedToolBase) {
    lines.push('from neuro_san.interfaces.coded_tool import CodedTool', '', '');
    lines.push(`class ${className}(CodedTool):`);
  } else {
    lines.push(
      '',
      `# neuro-san is not importable by ${source.python}, so this class does not subclass its CodedTool yet.`,
      '# Once neuro-san is installed there, change it to:',
      '#     from neuro_san.interfaces.coded_tool import CodedTool',
      `#     class ${className}(CodedTool):`,
      `class ${className}:`,
    );
  }
  lines.push(...docstring(source.description ?? '', '    '), '');
  lines.push('    def invoke(self, args: Dict[str, Any], sly_data: Dict[str, Any]) -> Any:');
  lines.push('        """', '        Called with the arguments the LLM chose (args, as parameters declares them) and the', "        run's private sly_data, which the LLM never sees.", '        """');
  params.forEach((p, i) => lines.push(`        ${variables[i]} = args.get(${JSON.stringify(p.name)})  # ${p.comment}`));
  lines.push('        # Replace this with the tool\'s work, and return its result (a string, or data that json can dump).');
  const message = literal(`Not implemented: ${className}.invoke in ${source.fileName} does not do anything yet`);
  const shown = params.map((p, i) => `${literal(p.name)}={${variables[i]}!r}`).join(', ');
  lines.push(`        return f"${params.length ? `${message} (called with ${shown}).` : `${message}.`}"`);
  lines.push('');
  lines.push('    async def async_invoke(self, args: Dict[str, Any], sly_data: Dict[str, Any]) -> Any:');
  lines.push('        """neuro-san calls this first. Until the tool needs to await something, it runs invoke."""');
  lines.push('        return self.invoke(args, sly_data)');
  return `${lines.join('\n')}\n`;
}

interface Declared {
  name: string;
  comment: string;
}

function declaredParameters(parameters: { [key: string]: JsonValue } | undefined): Declared[] {
  const properties = parameters?.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return [];
  const required = Array.isArray(parameters?.required) ? parameters.required : [];
  return Object.entries(properties).map(([name, schema]) => {
    const described = schema && typeof schema === 'object' && !Array.isArray(schema) ? schema : {};
    const parts = [typeText(described)];
    if (required.includes(name)) parts.push('required');
    const description = typeof described.description === 'string' ? firstLine(described.description) : '';
    return { name, comment: oneLine(parts.join(', ') + (description ? `: ${description}` : '')) };
  });
}

function typeText(schema: { [key: string]: JsonValue }): string {
  const type = schema.type;
  let text = typeof type === 'string' ? type : Array.isArray(type) ? type.join(' or ') : 'any type';
  if (type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) && typeof schema.items.type === 'string') {
    text = `array of ${schema.items.type}`;
  }
  if (Array.isArray(schema.enum)) text += ` (one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')})`;
  return text;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > 100 ? `${line.slice(0, 97)}...` : line;
}

/** A comment must stay on its line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085\f\v]/g, ' ');
}

/** Python variable names for the parameters: identifiers, not keywords, not repeated, never `args`/`sly_data`/`self`. */
function variableNames(names: string[]): string[] {
  const taken = new Set(['args', 'sly_data', 'self']);
  return names.map((name) => {
    let base = name.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
    if (PYTHON_KEYWORDS.has(base)) base = `${base}_`;
    let candidate = base;
    for (let i = 2; taken.has(candidate); i++) candidate = `${base}_${i}`;
    taken.add(candidate);
    return candidate;
  });
}

function escapeDocstring(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
}

/** The description as the class's docstring: its own line breaks, its common indentation removed. */
function docstring(description: string, indent: string): string[] {
  const raw = description.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  while (raw.length && raw[0] === '') raw.shift();
  while (raw.length && raw[raw.length - 1] === '') raw.pop();
  if (raw.length === 0) return [`${indent}"""A coded tool (its toolbox entry has no description yet)."""`];
  const common = Math.min(...raw.filter((l) => l !== '').map((l) => l.length - l.trimStart().length));
  const body = raw.map((l) => (l === '' ? '' : `${indent}${escapeDocstring(l.slice(common))}`));
  return [`${indent}"""`, ...body, `${indent}"""`];
}

/** Text for the literal part of a double-quoted f-string: backslashes, quotes, braces and line breaks escaped. */
function literal(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\{/g, '{{')
    .replace(/\}/g, '}}')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

import { parseHocon, removeKey, setValue, type TextEdit } from '../../shared/hocon/index';
import type { ArrayNode, FieldNode, ObjectNode, ValueNode } from '../../shared/hocon/index';

/**
 * Edits of one agent of a network file, as minimal text splices. An agent is an element of the root `tools` list, so
 * the HOCON module's key paths cannot name it: each edit finds the agent's `{ ... }` in the syntax tree and runs the
 * HOCON module's edit on that object's text alone, then shifts the splices back into the file. Everything outside the
 * splices (comments, includes, `commondefs`, `${?VAR}`) stays byte for byte.
 *
 * Each function throws an Error whose message says why (the form shows it as a notice) when the agent is not written
 * in this file's `tools` list (it comes from an include or a substitution).
 */

/** A string node's value: quotes and escapes taken off (an unquoted string is its text). */
function stringValue(text: string, node: ValueNode): string | undefined {
  if (node.kind !== 'string') return undefined;
  const raw = text.slice(node.start, node.end);
  if (node.style === 'triple') return raw.slice(3, -3);
  if (node.style === 'quoted') {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  return raw;
}

/** The last definition of `key` among an object's fields (the one that wins). */
function fieldOf(object: ObjectNode, key: string): FieldNode | undefined {
  let found: FieldNode | undefined;
  for (const entry of object.entries) {
    if (entry.kind === 'field' && entry.key.segments.length === 1 && entry.key.segments[0]?.name === key) found = entry;
  }
  return found;
}

/** The root `tools` list of the text as written, or why there is none to edit. */
export function agentList(text: string): ArrayNode {
  const document = parseHocon(text);
  if (document.root.kind !== 'object') throw new Error('the file has no root object');
  const tools = fieldOf(document.root, 'tools');
  if (tools?.value.kind !== 'array') throw new Error('the file has no `tools` list written in it');
  return tools.value;
}

/**
 * The `{ ... }` of the agent named `name` in the text's `tools` list: the first of that name (neuro-san refuses a
 * network naming two agents alike; the network model keeps the first).
 */
export function agentObject(text: string, name: string): ObjectNode {
  const found = agentList(text).elements.find((element): element is ObjectNode => {
    if (element.kind !== 'object') return false;
    const nameField = fieldOf(element, 'name');
    return nameField !== undefined && stringValue(text, nameField.value) === name;
  });
  if (!found) throw new Error(`${name} is not written in this file's \`tools\` list (it comes from an include or a substitution): edit it where it is written`);
  return found;
}

/** Runs an edit of the HOCON module on the agent's object text alone, and places its splices in the file. */
function withinAgent(text: string, name: string, edit: (objectText: string) => TextEdit[]): TextEdit[] {
  const object = agentObject(text, name);
  return edit(text.slice(object.start, object.end)).map((e) => ({ ...e, offset: e.offset + object.start }));
}

/** Sets `path` (keys under the agent: `['instructions']`, `['llm_config', 'model_name']`) to HOCON value text. */
export function setAgentValue(text: string, name: string, path: readonly string[], valueText: string): TextEdit[] {
  return withinAgent(text, name, (objectText) => setValue(objectText, path, valueText));
}

/** Removes `path` under the agent (every definition of it in the agent's object). */
export function removeAgentValue(text: string, name: string, path: readonly string[]): TextEdit[] {
  return withinAgent(text, name, (objectText) => removeKey(objectText, path));
}

function indentOfLine(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** Adds `element` (HOCON value text) after a list's last element, on a line of its own where the list has them. */
function appendToList(text: string, list: ArrayNode, element: string): TextEdit[] {
  const last = list.elements[list.elements.length - 1];
  if (!last) {
    const inner = text.slice(list.start + 1, list.end - 1);
    if (!inner.includes('\n')) return [{ offset: list.start + 1, length: list.end - 1 - (list.start + 1), newText: element }];
    const indent = indentOfLine(text, list.start) + '  ';
    return [{ offset: list.start + 1, length: 0, newText: `\n${indent}${element}` }];
  }
  const multiLine = text.slice(list.start, list.elements[0]!.start).includes('\n') || list.elements.some((e, i) => i > 0 && text.slice(list.elements[i - 1]!.end, e.start).includes('\n'));
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = multiLine ? `${eol}${indentOfLine(text, last.start)}` : ' ';
  return [{ offset: last.end, length: 0, newText: `,${separator}${element}` }];
}

/** Removes a list's element at `index` with the separator before or after it; the rest of the list stays as written. */
function removeFromList(list: ArrayNode, index: number): TextEdit {
  const element = list.elements[index]!;
  const next = list.elements[index + 1];
  if (next) return { offset: element.start, length: next.start - element.start, newText: '' };
  const previous = list.elements[index - 1];
  const end = list.commas[index]! >= 0 ? list.commas[index]! + 1 : element.end;
  if (previous) {
    const start = list.commas[index - 1]! >= 0 ? list.commas[index - 1]! : previous.end;
    // A trailing comma after the last element stays a trailing comma.
    return { offset: start, length: element.end - start, newText: '' };
  }
  return { offset: element.start, length: end - element.start, newText: '' };
}

/** The quoted style a new string gets: as JSON (what studio's networks write). */
const quoted = (value: string) => JSON.stringify(value);

/** Adds `tool` to the agent's `tools` (making the list when it has none). */
export function addAgentTool(text: string, name: string, tool: string): TextEdit[] {
  const object = agentObject(text, name);
  const tools = fieldOf(object, 'tools');
  if (!tools) return setAgentValue(text, name, ['tools'], `[${quoted(tool)}]`);
  if (tools.value.kind !== 'array') throw new Error(`${name}'s \`tools\` is not a list written here: edit it in the HOCON tab`);
  if (tools.value.elements.some((e) => stringValue(text, e) === tool)) throw new Error(`${name} already has ${tool} in its tools`);
  return appendToList(text, tools.value, quoted(tool));
}

/** Takes `tool` out of the agent's `tools` (the list stays, empty or not). */
export function removeAgentTool(text: string, name: string, tool: string): TextEdit[] {
  const object = agentObject(text, name);
  const tools = fieldOf(object, 'tools');
  if (tools?.value.kind !== 'array') throw new Error(`${name} has no \`tools\` list written here`);
  const index = tools.value.elements.findIndex((e) => stringValue(text, e) === tool);
  if (index < 0) throw new Error(`${tool} is not written in ${name}'s tools`);
  return [removeFromList(tools.value, index)];
}

/**
 * Adds an agent at the end of the `tools` list, written as the last agent writes its keys (quoted or not, its
 * separator and indentation): an LLM agent with the fields neuro-san needs (instructions and a function
 * description), or, given `toolbox`, an agent that is that tool of the toolbox (`{"name": ..., "toolbox": ...}`).
 */
export function addAgent(text: string, name: string, toolbox?: string): TextEdit[] {
  const list = agentList(text);
  const objects = list.elements.filter((e): e is ObjectNode => e.kind === 'object');
  const last = objects[objects.length - 1];
  // Written as the last agent laid out on several lines is (a one-line agent gives no indentation to copy).
  const model = [...objects].reverse().find((o) => text.slice(o.start, o.end).includes('\n')) ?? last;
  const fields = model?.entries.filter((e): e is FieldNode => e.kind === 'field') ?? [];
  const firstField = fields[0];
  const quotedKeys = firstField?.key.segments[0]?.quoted ?? true;
  const separator = firstField ? text.slice(firstField.key.end, firstField.value.start).replace(/\s*\n[\s\S]*/, ' ') || ': ' : ': ';
  const comma = fields.length > 1 && fields[0]!.comma >= 0 ? ',' : '';
  const key = (k: string) => (quotedKeys ? `"${k}"` : k);
  const outer = last ? indentOfLine(text, last.start) : indentOfLine(text, list.start) + '    ';
  const ownLine = model && firstField && text.slice(model.start, firstField.start).includes('\n');
  const inner = ownLine ? indentOfLine(text, firstField.start) : outer + '    ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const fieldsOfNew =
    toolbox !== undefined
      ? [`${inner}${key('name')}${separator}${quoted(name)}${comma}`, `${inner}${key('toolbox')}${separator}${quoted(toolbox)}`]
      : [
          `${inner}${key('name')}${separator}${quoted(name)}${comma}`,
          `${inner}${key('function')}${separator}{ ${key('description')}${separator}${quoted(`What ${name} does.`)} }${comma}`,
          `${inner}${key('instructions')}${separator}${quoted(`You are ${name}.`)}`,
        ];
  const object = ['{', ...fieldsOfNew, `${outer}}`].join(eol);
  if (!last) return appendToList(text, list, object);
  return [{ offset: last.end, length: 0, newText: `,${eol}${outer}${object}` }];
}

/** Removes the agent's `{ ... }` from the `tools` list (what names it elsewhere is the caller's to say: referrers). */
export function removeAgent(text: string, name: string): TextEdit[] {
  const object = agentObject(text, name);
  const list = agentList(text);
  return [removeFromList(list, list.elements.findIndex((e) => e.start === object.start))];
}

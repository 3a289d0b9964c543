import { describe, expect, it } from 'vitest';
import { toolboxTarget } from '../../shared/run/index';
import { fieldsOf } from './argumentForm';
import { emptyInputs, inputsFromRequest, requestOf } from './runInputs';

const fields = fieldsOf({ type: 'object', properties: { text: { type: 'string' } } });

describe("a tool's test-run inputs", () => {
  it('send no sly_data, timeout or toolkit tool while those are blank', () => {
    expect(requestOf('t', fields, { ...emptyInputs(fields), values: { text: 'a' } })).toEqual({
      request: { target: { kind: 'toolbox', tool: 't' }, argsJson: '{"text":"a"}' },
      args: { text: 'a' },
      problems: [],
    });
  });

  it('send what is filled in, and name what cannot be sent', () => {
    const filled = { ...emptyInputs(fields), sly: '{"user": "u"}', timeout: '2.5', toolkitTool: ' read ' };
    expect(requestOf('notes', fields, filled).request).toEqual({ target: toolboxTarget('notes', 'read'), argsJson: '{}', slyData: { user: 'u' }, timeoutSeconds: 2.5 });
    const wrong = { ...emptyInputs(fields), mode: 'json' as const, json: '{\n  "text": "a",\n}', sly: '[1]', timeout: '0' };
    expect(requestOf('t', fields, wrong).problems).toEqual([
      'arguments: not valid JSON at line 3, column 1: Expecting property name enclosed in double quotes',
      'sly_data: must be a JSON object',
      'timeout: a number of seconds from 0.1 to 3600',
    ]);
  });

  it("send the JSON view's text as typed: Python gets 1.0 as a float and big integers exact", () => {
    const typed = ' {"x": 1.0, "big": 12345678901234567890}\n';
    const made = requestOf('t', [], { ...emptyInputs([]), json: typed });
    expect(made.request.argsJson).toBe(typed);
    expect(made.args).toEqual({ x: 1, big: Number('12345678901234567890') });
  });

  it('come back from a past run: in the form when it can show the arguments, else as JSON', () => {
    const previous = emptyInputs(fields);
    expect(inputsFromRequest(fields, { target: toolboxTarget('t'), argsJson: '{"text":"hey"}', slyData: { n: 1 } }, previous)).toMatchObject({ mode: 'form', values: { text: 'hey' }, sly: '{\n  "n": 1\n}' });
    expect(inputsFromRequest(fields, { target: toolboxTarget('t', 'm'), argsJson: '{"other":1.0}' }, previous)).toMatchObject({ mode: 'json', json: '{\n  "other": 1.0\n}', toolkitTool: 'm' });
  });
});

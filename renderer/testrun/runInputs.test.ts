import { describe, expect, it } from 'vitest';
import { fieldsOf } from './argumentForm';
import { emptyInputs, inputsFromRun, runInputsOf } from './runInputs';

const fields = fieldsOf({ type: 'object', properties: { text: { type: 'string' } } });

describe('a tool\'s test-run inputs', () => {
  it('send no sly_data, timeout or toolkit tool while those are blank', () => {
    expect(runInputsOf(fields, { ...emptyInputs(fields), values: { text: 'a' } })).toEqual({ run: { args: { text: 'a' }, argsJson: '{"text":"a"}' }, problems: [] });
  });

  it('send what is filled in, and name what cannot be sent', () => {
    const filled = { ...emptyInputs(fields), sly: '{"user": "u"}', timeout: '2.5', toolkitTool: ' read ' };
    expect(runInputsOf(fields, filled).run).toEqual({ args: {}, argsJson: '{}', slyData: { user: 'u' }, timeoutSeconds: 2.5, toolkitTool: 'read' });
    const wrong = { ...emptyInputs(fields), mode: 'json' as const, json: '{\n  "text": "a",\n}', sly: '[1]', timeout: '0' };
    expect(runInputsOf(fields, wrong).problems).toEqual([
      'arguments: not valid JSON at line 3, column 1: Expecting property name enclosed in double quotes',
      'sly_data: must be a JSON object',
      'timeout: 0.1 to 3600 seconds',
    ]);
  });

  it('send the JSON view\'s text as typed: Python gets 1.0 as a float and big integers exact', () => {
    const typed = ' {"x": 1.0, "big": 12345678901234567890}\n';
    expect(runInputsOf([], { ...emptyInputs([]), json: typed }).run).toEqual({ args: { x: 1, big: Number('12345678901234567890') }, argsJson: typed });
  });

  it('come back from a past run: in the form when it can show the arguments, else as JSON', () => {
    const previous = emptyInputs(fields);
    expect(inputsFromRun(fields, { args: { text: 'hey' }, argsJson: '{"text":"hey"}', slyData: { n: 1 } }, previous)).toMatchObject({ mode: 'form', values: { text: 'hey' }, sly: '{\n  "n": 1\n}' });
    expect(inputsFromRun(fields, { args: { other: 1 }, argsJson: '{"other":1.0}' }, previous)).toMatchObject({ mode: 'json', json: '{\n  "other": 1.0\n}' });
  });
});

/** The options every command that runs tools shares (`call`, `test`): which Python, where tools are found. */

export const PYTHON_OPTION_SPECS = {
  python: { type: 'string' },
  pythonpath: { type: 'string', multiple: true },
  'agent-tool-path': { type: 'string' },
  'no-default': { type: 'boolean' },
} as const;

export const PYTHON_OPTION_HELP = [
  '  --python PATH           interpreter or virtualenv folder (default python3)',
  '  --pythonpath DIR        put DIR in front of PYTHONPATH (repeatable)',
  '  --agent-tool-path PATH  AGENT_TOOL_PATH for coded tools (default: inherited, else neuro_san/coded_tools)',
  "  --no-default            read FILE alone, without neuro-san's default toolbox under it",
];

export interface PythonSettings {
  python?: string;
  pythonPath: string[];
  agentToolPath?: string;
  withDefaults: boolean;
}

/** The parsed values of PYTHON_OPTION_SPECS as settings. */
export function pythonSettings(values: {
  python?: string;
  pythonpath?: string[];
  'agent-tool-path'?: string;
  'no-default'?: boolean;
}): PythonSettings {
  return {
    ...(values.python !== undefined ? { python: values.python } : {}),
    pythonPath: values.pythonpath ?? [],
    ...(values['agent-tool-path'] !== undefined ? { agentToolPath: values['agent-tool-path'] } : {}),
    withDefaults: !(values['no-default'] ?? false),
  };
}

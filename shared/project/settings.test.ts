import { describe, expect, it } from 'vitest';
import { environmentWith, fromDotEnv, resolveProjectSettings } from './settings';

describe('resolveProjectSettings', () => {
  const conventional = new Set(['neuro_san_studio/toolbox/toolbox_info.hocon', 'toolbox/toolbox_info.hocon', 'registries/manifest.hocon', 'coded_tools']);
  const exists = (p: string) => conventional.has(p);

  it('takes the environment first, then .env, then the conventional locations, then the project setting', () => {
    const settings = resolveProjectSettings({
      env: { AGENT_TOOLBOX_INFO_FILE: '/abs/env_toolbox.hocon' },
      dotEnv: { AGENT_TOOLBOX_INFO_FILE: 'dotenv_toolbox.hocon', AGENT_MANIFEST_FILE: 'registries/other_manifest.hocon' },
      exists,
      projectSettings: { AGENT_TOOL_PATH: 'ignored', MCP_SERVERS_INFO_FILE: 'my/mcp.hocon' },
    });
    expect(settings).toEqual({
      AGENT_TOOLBOX_INFO_FILE: { value: '/abs/env_toolbox.hocon', from: 'environment' },
      AGENT_MANIFEST_FILE: { value: 'registries/other_manifest.hocon', from: '.env' },
      AGENT_TOOL_PATH: { value: 'coded_tools', from: 'convention' },
      MCP_SERVERS_INFO_FILE: { value: 'my/mcp.hocon', from: 'project setting' },
    });
  });

  it('prefers neuro_san_studio/toolbox over toolbox/, and leaves out what nothing names', () => {
    expect(resolveProjectSettings({ env: {}, dotEnv: {}, exists }).AGENT_TOOLBOX_INFO_FILE).toEqual({ value: 'neuro_san_studio/toolbox/toolbox_info.hocon', from: 'convention' });
    expect(resolveProjectSettings({ env: { AGENT_TOOLBOX_INFO_FILE: '' }, dotEnv: {}, exists: () => false })).toEqual({});
  });
});

describe('environmentWith', () => {
  // neuro-san-studio loads the .env with python-dotenv before neuro-san reads a file: under the environment, never over.
  it("puts the project's .env under the environment, its settings as resolved, and says which variables came from it", () => {
    const settings = { AGENT_TOOL_PATH: { value: 'coded_tools', from: '.env' as const } };
    const env = environmentWith({ MY_MAX: '3', PATH: '/bin' }, settings, { MY_MAX: '12', MY_MIN: '1', AGENT_TOOL_PATH: '/abs/project/coded_tools' });
    expect(env).toEqual({ MY_MAX: '3', PATH: '/bin', MY_MIN: '1', AGENT_TOOL_PATH: 'coded_tools' });
    const dotEnv = fromDotEnv({ MY_MAX: '3', PATH: '/bin' }, env);
    expect(['MY_MAX', 'MY_MIN', 'AGENT_TOOL_PATH', 'UNSET'].filter(dotEnv)).toEqual(['MY_MIN']);
  });
});

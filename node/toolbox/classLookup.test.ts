/**
 * A coded tool's class is found only as the project's neuro-san version finds it (issue #23): a class the editor's
 * lenient lookup finds and that version would not is a failed run, never a silent pass.
 * Fixture: fixtures/versions/class_lookup (AGENT_TOOL_PATH=coded_tools; see its toolbox_info.hocon).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { factsFor, parseVersion } from '../../shared/neurosan/versions/index';
import { toolboxTarget } from '../../shared/run/index';
import { appRoot } from '../paths';
import { ToolRunner } from '../python';
import { codedSpec } from '../python/testFixtures';
import { toolBoxFromSpecs } from './pythonTools';

const project = path.join(appRoot(), 'fixtures', 'versions', 'class_lookup');
const specs = [
  codedSpec('shared', 'shared_tool.Shared'),
  codedSpec('qualified', 'coded_tools.shared_tool.Shared'),
  codedSpec('outside', 'helpers.outside.Outside'),
  codedSpec('level', 'level_tool.Level'),
];

const runners: ToolRunner[] = [];
afterEach(async () => void (await Promise.all(runners.splice(0).map((r) => r.dispose()))));

function toolbox(options: { agentNetwork?: string; env?: Record<string, string> } = {}) {
  const runner = new ToolRunner({
    cwd: project,
    pythonPath: [project],
    agentToolPath: 'coded_tools',
    env: { PATH: process.env.PATH, ...options.env },
    ...(options.agentNetwork ? { agentNetwork: options.agentNetwork } : {}),
  });
  runners.push(runner);
  return toolBoxFromSpecs(specs, runner);
}

const call = (box: ReturnType<typeof toolbox>, tool: string, at: string) =>
  box.call({ target: toolboxTarget(tool), argsJson: '{}' }, { neuroSan: factsFor(parseVersion(at)!) });

describe('a coded tool class, found as the project\'s neuro-san finds it', () => {
  it('0.5.55 never imports a fully qualified name: the run fails in its words, with what would make it found', async () => {
    const box = toolbox();
    expect(await call(box, 'shared', '0.5.55')).toMatchObject({ isError: false, content: 'shared from coded_tools.shared_tool' });
    const qualified = await call(box, 'qualified', '0.5.55');
    expect(qualified).toMatchObject({ isError: true, errorKind: 'load' });
    expect(qualified.content.split('\n')[0]).toBe(
      "neuro-san 0.5.55 would not find coded_tools.shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): write the class as 'shared_tool.Shared', relative to AGENT_TOOL_PATH (coded_tools).",
    );
    // 0.5.55's text, indented as its source is.
    expect(qualified.content).toContain('\n\n    Could not find class "Shared"\n    in module "coded_tools.shared_tool"\n    under AGENT_TOOL_PATH "coded_tools"\n    for the agent called "qualified"');
    const outside = await call(box, 'outside', '0.5.55');
    expect(outside.content.split('\n')[0]).toBe(
      "neuro-san 0.5.55 would not find helpers.outside.Outside (the editor's runner finds it in helpers/outside.py): move outside.py to coded_tools and write the class as 'outside.Outside', or set AGENT_TOOL_PATH to the folder holding it.",
    );
  });

  it('from PR #786 (0.6.41) the fully qualified name is imported first; in the release window either way runs', async () => {
    const box = toolbox();
    for (const at of ['0.6.40', '0.6.41', '0.6.95']) {
      expect(await call(box, 'qualified', at)).toMatchObject({ isError: false, content: 'shared from coded_tools.shared_tool' });
      expect(await call(box, 'outside', at)).toMatchObject({ isError: false, content: 'outside from helpers.outside' });
    }
    expect((await call(box, 'qualified', '0.6.38')).isError).toBe(true);
  });

  it('AGENT_TOOL_PATH_ONLY=true refuses a fully qualified name from 0.6.94, with neuro-san\'s note; 0.6.93 does not read it', async () => {
    const box = toolbox({ env: { AGENT_TOOL_PATH_ONLY: ' True ' } });
    const refused = await call(box, 'qualified', '0.6.94');
    expect(refused).toMatchObject({ isError: true, errorKind: 'load' });
    expect(refused.content.split('\n')[0]).toContain("write the class as 'shared_tool.Shared', relative to AGENT_TOOL_PATH (coded_tools), or set AGENT_TOOL_PATH_ONLY to false.");
    expect(refused.content).toContain('Note: AGENT_TOOL_PATH_ONLY is enabled, so fully-qualified class references are\nnot resolved at all');
    expect(await call(box, 'qualified', '0.6.93')).toMatchObject({ isError: false });
    expect(await call(box, 'shared', '0.6.94')).toMatchObject({ isError: false });
  });

  it('a hierarchical network: every level from PR #589; 0.5.55 looks in the network and one package up only', async () => {
    const box = toolbox({ agentNetwork: 'deep/sub' });
    expect(await call(box, 'level', '0.6.95')).toMatchObject({ isError: false, content: 'level from coded_tools.deep.level_tool' });
    // 0.6.5 looks one package up only, but from coded_tools.deep.sub ("/" made ".", PR #413): coded_tools.deep has it.
    expect(await call(box, 'level', '0.6.5')).toMatchObject({ isError: false, content: 'level from coded_tools.deep.level_tool' });
    const old = await call(box, 'level', '0.5.55');
    expect(old.content.split('\n')[0]).toBe(
      "neuro-san 0.5.55 would not find level_tool.Level (the editor's runner finds it in coded_tools/deep/level_tool.py): write the class as 'deep.level_tool.Level', relative to AGENT_TOOL_PATH (coded_tools).",
    );
    // Before hierarchical networks (PR #413) the network was its file's stem: coded_tools.sub, then coded_tools.
    expect(old.content).toContain('    under AGENT_TOOL_PATH "coded_tools"\n    for the agent called "level"\n    in the agent network "sub".');
    // A class written relative to AGENT_TOOL_PATH already, which 0.6.5 does not look for at the root for a network in
    // a folder: where it looks, not "write it as" what is written (deepsaia/neuro-san-studio's kwik_agents at 0.6.5).
    const root = await call(box, 'shared', '0.6.5');
    expect(root.content.split('\n')[0]).toBe(
      "neuro-san 0.6.5 would not find shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): for this network it looks for the module only under coded_tools/deep/sub and coded_tools/deep; move shared_tool.py there.",
    );
    expect(await call(box, 'shared', '0.6.95')).toMatchObject({ isError: false });
  });

  it('a class nobody finds gets neuro-san\'s words alone', async () => {
    const runner = new ToolRunner({ cwd: project, pythonPath: [project], agentToolPath: 'coded_tools', env: { PATH: process.env.PATH } });
    runners.push(runner);
    const box = toolBoxFromSpecs([codedSpec('gone', 'no_such_module.Gone')], runner);
    const run = await call(box, 'gone', '0.6.95');
    expect(run).toMatchObject({ isError: true, errorKind: 'load' });
    expect(run.content.startsWith('Could not find class "Gone"\nin module "no_such_module"\nunder AGENT_TOOL_PATH "coded_tools"')).toBe(true);
  });
});

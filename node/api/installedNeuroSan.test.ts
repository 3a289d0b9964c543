import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectView, ToolboxAnalysis, ToolRunResultDto } from '../../shared/api/index';
import { appRoot } from '../paths';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { workspace } from '../testSupport/cliRun';
import type { ApiService } from './handlers';

// The app takes the neuro-san version the Python of the runs has installed (fixtures/versions/installed_0_5_40: the
// metadata of a neuro-san 0.5.40, no code), once a run has started that Python anyway: never before.
let service: ApiService | undefined;
afterEach(() => service?.dispose());

const installed = path.join(appRoot(), 'fixtures', 'versions', 'installed_0_5_40');
const toolbox = '{ "echo": { "class": "echo_tool.Echo", "description": "Says back what it is given." } }\n';

function setup(settings: Record<string, unknown>) {
  const dir = workspace({
    'registries/.keep': '',
    'toolbox/toolbox_info.hocon': toolbox,
    // Under AGENT_TOOL_PATH (the project's coded_tools/): neuro-san 0.5.x never imports a full module path.
    'coded_tools/echo_tool.py': 'class Echo:\n    def invoke(self, args, sly_data):\n        return "said"\n',
    // The project pins 0.5.55: the interpreter's version wins over a pin.
    'requirements.txt': 'neuro-san==0.5.55\n',
    '.toolbox-editor.json': JSON.stringify(settings),
  });
  const events: { path: string }[] = [];
  service = browserModeService(dir, { env: { PATH: process.env.PATH }, emit: (event, payload) => void (event === 'python.neuroSan' && events.push(payload as { path: string })) });
  const call = apiCaller(service);
  const file = path.join(dir, 'toolbox', 'toolbox_info.hocon');
  const analyse = () => call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: toolbox });
  return { dir, file, call, analyse, events };
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i > 200) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the neuro-san version of the runs' Python", () => {
  it('is the version files are checked for once a run has started that Python, over the pin; the window is told', async () => {
    const { dir, file, call, analyse, events } = setup({ run: { pythonPath: ['.', installed] } });
    // Nothing has started the Python: the pin.
    const before = await analyse();
    expect(before.neuroSan).toMatchObject({ version: '0.5.55', from: 'pin' });
    expect((await call<ProjectView>('project.open', { path: dir })).neuroSan).toMatchObject({ from: 'pin' });

    const result = await call<ToolRunResultDto>('tool.run', { path: file, text: toolbox, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'echo' }, argsJson: '{}' } });
    expect(result.content).toBe('said');
    const after = await poll(analyse, (a) => a.neuroSan?.from === 'interpreter');
    expect(after.neuroSan).toEqual({ version: '0.5.40', from: 'interpreter', how: 'installed in python3 (importlib.metadata)', interpreter: { python: 'python3', version: '0.5.40' } });
    expect(events).toEqual([{ path: file }]);
    // The project view too, and the default toolbox is 0.5.40's.
    expect((await call<ProjectView>('project.open', { path: dir })).neuroSan).toMatchObject({ version: '0.5.40', from: 'interpreter' });
    expect(after.tools.map((t) => t.name)).toContain('bing_search');

    // Another run says nothing new: no second event.
    await call('tool.run', { path: file, text: toolbox, runId: 'r2', run: { target: { kind: 'toolbox', tool: 'echo' }, argsJson: '{}' } });
    await call('toolbox.checkWithNeuroSan', { path: file }); // (awaits its own asking)
    expect(events).toHaveLength(1);
  }, 30_000);

  it("gives way to the project's own setting, and says nothing where the Python has no neuro-san", async () => {
    const set = setup({ neuroSanVersion: '0.6.42', run: { pythonPath: ['.', installed] } });
    await set.call('tool.run', { path: set.file, text: toolbox, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'echo' }, argsJson: '{}' } });
    await poll(async () => set.events.length, (n) => n > 0);
    expect((await set.analyse()).neuroSan).toMatchObject({ version: '0.6.42', from: 'project setting' });
    service?.dispose();

    const none = setup({ run: { pythonPath: ['.'] } });
    await none.call('tool.run', { path: none.file, text: toolbox, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'echo' }, argsJson: '{}' } });
    await poll(async () => none.events.length, (n) => n > 0);
    // It said "none installed": the pin stays.
    expect((await none.analyse()).neuroSan).toMatchObject({ version: '0.5.55', from: 'pin' });
  }, 30_000);
});

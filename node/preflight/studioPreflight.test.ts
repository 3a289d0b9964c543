import { expect, it } from 'vitest';
import { appRoot } from '../paths';
import { describeWithShared } from '../testSupport/sharedData';
import { runCliIn } from '../testSupport/cliRun';

describeWithShared('reference/neuro-san/toolboxes/studio_toolbox_info.hocon', 'check of the studio toolbox without its packages', (file) => {
  it('names each missing package once in its summary, with no traceback', async () => {
    const run = await runCliIn(appRoot(), ['check', file], { PATH: process.env.PATH, HOME: process.env.HOME });
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    const missing = lines.find((l) => l.startsWith('Missing packages ')) ?? '';
    expect(missing).toBe('Missing packages (not installed for python3): neuro_san_studio (24 tools), langchain_google_community (1 tool), langchain_tavily (1 tool).');
    expect(lines.some((l) => /^0 tools ready, 26 with problems/.test(l))).toBe(true);
    expect(run.stdout).not.toContain('Traceback');
  });
});

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
    expect(missing).toBe('Missing packages (not installed for python3): langchain_google_community (1 tool), neuro_san_studio (1 tool), langchain_tavily (1 tool).');
    // Studio's coded tools, checked outside the studio project: found nowhere, not said to be a package to install.
    expect(lines).toContain('Modules found nowhere (neither installed for python3 nor on the path): neuro_san_studio (23 tools).');
    expect(lines.some((l) => /^0 tools ready, 26 with problems/.test(l))).toBe(true);
    expect(run.stdout).not.toContain('Traceback');
  });
});

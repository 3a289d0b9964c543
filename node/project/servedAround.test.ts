import { describe, expect, it } from 'vitest';
import { workspace } from '../testSupport/cliRun';
import { problemsOnEachSurface } from '../testSupport/surfaceParity';

/**
 * Issue #34, found on real repositories (neuro-san's own, and five forks): a saved test case in tests/, its network in
 * neuro_san/registries/. validate DIR of the repository found its agent; validate FILE, the app and (of tests/ alone)
 * validate DIR said no project serves it. The projects beside a file in none are now looked in on every surface.
 */
const REPOSITORY = {
  'neuro_san/registries/manifest.hocon': '{ "hello_world.hocon": true }\n',
  'neuro_san/registries/hello_world.hocon': '{\n  "tools": [\n    { "name": "greeter", "instructions": "Greet.", "function": { "description": "Greets." } }\n  ]\n}\n',
  'tests/fixtures/hello_world/greeting.hocon': '{\n  "agent": "hello_world",\n  "interactions": [ { "text": "Hello" } ]\n}\n',
  'tests/fixtures/gone/farewell.hocon': '{\n  "agent": "gone",\n  "interactions": [ { "text": "Bye" } ]\n}\n',
};

describe("a test case outside its network's project", () => {
  it('is checked against the projects beside it, the same on every surface', async () => {
    const found = await problemsOnEachSurface(workspace(REPOSITORY, 'tbe-served-around-'));
    expect(found.file).toEqual(found.dir);
    expect(found.app).toEqual(found.dir);
    expect(found.lsp).toEqual(found.dir);
    // The agent a manifest beside it serves is known; the one none serves is said, once.
    expect(found.dir.filter((d) => d.includes(' test-case-agent '))).toEqual([expect.stringMatching(/tests\/fixtures\/gone\/farewell\.hocon:2:\d+ warning test-case-agent The test case's agent 'gone'/)]);
  }, 60_000);
});

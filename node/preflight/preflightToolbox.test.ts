import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadToolbox } from '../../shared/toolbox/loadToolbox';
import { appRoot } from '../paths';
import { FixtureRunners, fixturesPythonDir } from '../python/testFixtures';
import { preflightToolbox } from './preflightToolbox';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

function toolboxOf(text: string) {
  return loadToolbox({ userFile: '/virtual/tb.hocon', host: { readFile: () => text } });
}

const pydanticDir = path.join(appRoot(), 'fixtures', 'python_pydantic');
const hasPydantic = (() => {
  try {
    execFileSync('python3', ['-c', 'import pydantic; assert pydantic.VERSION >= "2"'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('preflightToolbox', () => {
  it('stops an entry whose import hangs, says so on that entry, and goes on with the next in a fresh worker', async () => {
    const toolbox = toolboxOf(
      [
        'slow { class = "fixture_tools.slow_import.Never", description = "hangs on import" }',
        'greet { class = "fixture_tools.echo.Greet", description = "greets", parameters { type = object, properties { name { type = string } } } }',
      ].join('\n'),
    );
    const report = await preflightToolbox(toolbox, runners.make(), { toolTimeoutMs: 1500 });
    expect(report.diagnostics.map((d) => [d.tool, d.rule, d.line, d.message])).toEqual([
      ['slow', 'preflight-failed', 1, "Checking 'slow' did not finish within 1.5 s (importing its module hangs?); the preflight stopped it."],
    ]);
    expect(report.summary).toMatchObject({ tools: 2, ready: 1, withProblems: 1, notChecked: [] });
  });

  it('reports the entries the time limit left unchecked', async () => {
    const toolbox = toolboxOf(
      [
        'slow { class = "fixture_tools.slow_import.Never", description = "hangs on import" }',
        'greet { class = "fixture_tools.echo.Greet", description = "greets" }',
      ].join('\n'),
    );
    const report = await preflightToolbox(toolbox, runners.make(), { timeLimitMs: 1000 });
    expect(report.summary.notChecked).toEqual(['greet']);
  });

  it('checks each nested {class, args} against its own class, at its own position', async () => {
    const toolbox = toolboxOf(
      [
        'search {',
        '  class = "fake_langchain.search.SearchResults"',
        '  args { api_wrapper { class = "fake_langchain.search.SearchApiWrapper", args { k = 2, colour = red } } }',
        '}',
        'missing_nested { class = "fake_langchain.search.SearchResults", args { api_wrapper { class = "fake_langchain.nowhere.Wrapper" } } }',
      ].join('\n'),
    );
    const report = await preflightToolbox(toolbox, runners.make());
    expect(report.diagnostics.map((d) => [d.tool, d.rule, d.line, d.column])).toEqual([
      ['search', 'constructor-unknown-arg', 3, 88],
      ['missing_nested', 'class-import', 5, 94],
    ]);
  });

  it.skipIf(!hasPydantic)('reads real pydantic v2 models: unknown and mistyped args, keys read from the environment, nested classes', async () => {
    const toolbox = toolboxOf(
      [
        'chat { class = "pydantic_tools.ChatThing", args { temperature = hot, bogus = 1, wrapper { class = "pydantic_tools.Wrapper", args { k = 2 } } } }',
        'keyed { class = "pydantic_tools.ChatThing", args { api_key = "from-the-file" } }',
      ].join('\n'),
    );
    const runner = runners.make({ pythonPath: [pydanticDir, fixturesPythonDir()], env: { PATH: process.env.PATH ?? '', TBE_FIXTURE_PYD_SERP_API_KEY: 'set' } });
    const report = await preflightToolbox(toolbox, runner);
    expect(report.diagnostics.map((d) => `${d.tool} ${d.rule}: ${d.message}`)).toEqual([
      "chat constructor-arg-type: 'temperature' of ChatThing expects float, got the string 'hot'",
      "chat constructor-unknown-arg: Arguments ['bogus'] for 'ChatThing' do not match any attributes of the class or any arguments of the method.",
      "chat env-var-unset: 'openai_api_key' of pydantic_tools.ChatThing is read from the environment variable TBE_FIXTURE_PYD_OPENAI_API_KEY by default (its default factory), which is not set for this interpreter: set it, or give args.openai_api_key.",
    ]);
  });

  it.skipIf(!hasPydantic)('follows a default object built without args to the key its class reads from the environment', async () => {
    const toolbox = toolboxOf(
      [
        'search { class = "pydantic_tools.SearchTool", args { max_results = 2 } }',
        'given { class = "pydantic_tools.SearchTool", args { api_wrapper { class = "pydantic_tools.Wrapper", args { serp_api_key = "k" } } } }',
      ].join('\n'),
    );
    const runner = runners.make({ pythonPath: [pydanticDir], env: { PATH: process.env.PATH ?? '' } });
    const report = await preflightToolbox(toolbox, runner);
    expect(report.diagnostics.map((d) => `${d.tool} ${d.rule}: ${d.message}`)).toEqual([
      "search env-var-unset: 'api_wrapper' of pydantic_tools.SearchTool defaults to a Wrapper built without args, whose 'serp_api_key' is read from the environment variable TBE_FIXTURE_PYD_SERP_API_KEY by default (get_from_dict_or_env() in its source), which is not set for this interpreter: set it, or give args.api_wrapper.",
    ]);
  });
});

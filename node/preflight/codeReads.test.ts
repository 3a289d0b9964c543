import { afterEach, describe, expect, it } from 'vitest';
import { loadToolbox } from '../../shared/toolbox/loadToolbox';
import { workspace } from '../testSupport/cliRun';
import { FixtureRunners } from '../python/testFixtures';
import { preflightToolbox } from './preflightToolbox';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

/** Coded tools reading their args in the ways real ones do; `invoke`'s source is read with ast, never run. */
const MODULE = `
import asyncio


class Delegating:
    async def async_invoke(self, args, sly_data):
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.invoke, args, sly_data)

    def invoke(self, args, sly_data):
        if "verbose" in args:
            pass
        return self._work(args.pop("query"), args)

    def _work(self, query, options):
        return options.get("limit")


class PassesArgsOn:
    def invoke(self, args, sly_data):
        return helper(args)


class ReadsOneOfTwo:
    def invoke(self, args, sly_data):
        return args.get("query"), args.get("origin_str")


def helper(values):
    return values
`;

function toolboxOf(text: string) {
  return loadToolbox({ userFile: '/virtual/tb.hocon', host: { readFile: () => text } });
}

describe('the args keys a coded tool reads (best effort, from its source)', () => {
  it('follows self-calls and run_in_executor; keys handed on whole keep "never read" quiet; neuro-san\'s extras are not undeclared', async () => {
    const dir = workspace({ 'reading_tools.py': MODULE });
    const declared = (names: string[]) => `parameters { type = object, properties { ${names.map((n) => `${n} { type = string }`).join(', ')} } }`;
    const toolbox = toolboxOf(
      [
        `delegating { class = "reading_tools.Delegating", description = "d", ${declared(['query', 'verbose'])} }`,
        `passes_on { class = "reading_tools.PassesArgsOn", description = "d", ${declared(['anything'])} }`,
        `one_of_two { class = "reading_tools.ReadsOneOfTwo", description = "d", ${declared(['query', 'unused'])} }`,
      ].join('\n'),
    );
    const report = await preflightToolbox(toolbox, runners.make({ pythonPath: [dir] }));
    expect(report.diagnostics.map((d) => `${d.tool} ${d.severity} ${d.rule}: ${d.message}`)).toEqual([
      "delegating warning code-reads-undeclared: _work reads args['limit'] (reading_tools.py, line 16), which parameters does not declare (best effort: read from the source, not run).",
      "one_of_two warning code-ignores-declared: parameters declares 'unused', which invoke never read (best effort: read from the source, not run).",
    ]);
  });
});

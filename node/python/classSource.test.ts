import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codedClassWays, factsFor, parseVersion } from '../../shared/neurosan/versions/index';
import { appRoot } from '../paths';
import { findClassSource } from './classSource';

/**
 * What validate and the app say of a class the project's neuro-san would not find, read from files (no Python): the
 * same line the Python runner says (node/toolbox/classLookup.test.ts), on fixtures/versions/class_lookup.
 */
const project = path.join(appRoot(), 'fixtures', 'versions', 'class_lookup');

function lookUp(classPath: string, version: string, agentNetwork: string) {
  const facts = factsFor(parseVersion(version)!);
  const search = { roots: [project], interpreterKnown: false, env: { AGENT_TOOL_PATH: 'coded_tools' }, cwd: project };
  return findClassSource(classPath, search, { coded: true, neuroSan: { version: `neuro-san ${version}`, lookups: codedClassWays(facts) }, agentNetwork, agentName: 'agent' });
}

describe('a coded class the version would not find, read from files', () => {
  it('written relative to AGENT_TOOL_PATH already: where the version looks for a network in a folder, not that text again', () => {
    const found = lookUp('shared_tool.Shared', '0.6.5', 'deep/sub');
    expect(found).toMatchObject({ ok: false, reason: 'elsewhere' });
    expect(found.ok ? '' : found.error).toBe(
      "neuro-san 0.6.5 would not find shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): for this network it looks for the module only under coded_tools/deep/sub and coded_tools/deep; move shared_tool.py there.",
    );
    // From PR #589 every level up to AGENT_TOOL_PATH: found.
    expect(lookUp('shared_tool.Shared', '0.6.95', 'deep/sub')).toMatchObject({ ok: true });
  });

  it('written some other way: the text that would be found', () => {
    const found = lookUp('level_tool.Level', '0.5.55', 'deep/sub');
    expect(found.ok ? '' : found.error).toBe(
      "neuro-san 0.5.55 would not find level_tool.Level (the editor's runner finds it in coded_tools/deep/level_tool.py): write the class as 'deep.level_tool.Level', relative to AGENT_TOOL_PATH (coded_tools).",
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { FixtureRunners, codedSpec, langchainSpec } from '../python/testFixtures';
import { classInfoFromDescription } from './classInfo';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

describe('classInfoFromDescription', () => {
  it('turns what loading revealed into the toolbox model\'s class info', async () => {
    const runner = runners.make();
    const toolkit = await runner.describe(langchainSpec('notes', 'fake_langchain.toolkit.NotesToolkit'));
    expect(classInfoFromDescription(toolkit)).toEqual({
      isToolkit: true,
      toolkitTools: ['notes_add_note', 'notes_list_notes'],
    });
    const tool = await runner.describe(langchainSpec('s', 'fake_langchain.search.SearchResults'));
    expect(classInfoFromDescription(tool)).toMatchObject({ isToolkit: false, description: 'Searches the fake web.' });
    expect(classInfoFromDescription(await runner.describe(codedSpec('e', 'fixture_tools.echo.Echo')))).toBeUndefined();
    expect(classInfoFromDescription(await runner.describe(langchainSpec('g', 'no.such.Class')))).toBeUndefined();
  });
});

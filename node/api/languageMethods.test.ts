import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../shared/api/index';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/project');

let service: ApiService | undefined;
afterEach(() => service?.dispose());

function project() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-api-language-'));
  cpSync(fixture, dir, { recursive: true });
  service = browserModeService(dir, { env: {} });
  const weather = path.join(dir, 'registries', 'weather.hocon');
  return { dir, call: apiCaller(service), weather, text: readFileSync(weather, 'utf8') };
}

describe('the language methods of the API: the editor goes across the project as the language server does', () => {
  it('goes from a network\'s "toolbox": "name" to the tool\'s entry in the toolbox file, with lines and columns', async () => {
    const { dir, call, weather, text } = project();
    const offset = text.indexOf('"lookup_weather"') + 3;
    const { locations, texts } = await call<ApiResponse<'language.definition'>>('language.definition', { path: weather, text, offset });
    expect(Object.keys(texts)).toEqual([path.join(dir, 'toolbox', 'toolbox_info.hocon')]);
    expect(locations).toEqual([{ path: path.join(dir, 'toolbox', 'toolbox_info.hocon'), start: expect.any(Number), end: expect.any(Number), from: { line: 3, column: 5 }, to: { line: 3, column: 21 } }]);
  });

  it('reads the unsaved text: a tool named only there is found in the toolbox', async () => {
    const { dir, call, weather, text } = project();
    const unsaved = text.replace('"lookup_weather"', '"send_report"');
    const { locations } = await call<ApiResponse<'language.definition'>>('language.definition', { path: weather, text: unsaved, offset: unsaved.indexOf('"send_report"') + 3 });
    expect(locations.map((l) => [path.relative(dir, l.path), l.from.line])).toEqual([['toolbox/toolbox_info.hocon', 16]]);
  });

  it('finds a tool\'s references across the project, with the other files\' texts for the peek', async () => {
    const { dir, call, weather, text } = project();
    const result = await call<ApiResponse<'language.references'>>('language.references', { path: weather, text, offset: text.indexOf('"lookup_weather"') + 3, includeDeclaration: true });
    expect(result.locations.map((l) => path.relative(dir, l.path)).sort()).toEqual(['registries/reports.hocon', 'registries/weather.hocon', 'toolbox/toolbox_info.hocon']);
    expect(Object.keys(result.texts).map((p) => path.relative(dir, p)).sort()).toEqual(['registries/reports.hocon', 'toolbox/toolbox_info.hocon']);
    expect(result.texts[path.join(dir, 'toolbox', 'toolbox_info.hocon')]).toBe(readFileSync(path.join(dir, 'toolbox', 'toolbox_info.hocon'), 'utf8'));
  });

  it('renames a tool as project edits (applied with project.applyEdits), a key as edits of the document', async () => {
    const { dir, call, weather, text } = project();
    const offset = text.indexOf('"lookup_weather"') + 3;
    expect(await call('language.renameTarget', { path: weather, text, offset })).toEqual({ start: text.indexOf('"lookup_weather"'), end: text.indexOf('"lookup_weather"') + 16, placeholder: 'lookup_weather', tool: 'lookup_weather' });
    const renamed = await call<ApiResponse<'language.rename'>>('language.rename', { path: weather, text, offset, newName: 'get_weather' });
    if (!('scope' in renamed) || renamed.scope !== 'project') throw new Error(`not a project rename: ${JSON.stringify(renamed)}`);
    expect([...new Set(renamed.edits.map((e) => e.file))].sort()).toEqual(['registries/reports.hocon', 'registries/weather.hocon', 'toolbox/toolbox_info.hocon']);
    expect(renamed.renamedTool).toEqual({ toolbox: path.join(dir, 'toolbox', 'toolbox_info.hocon'), tool: 'lookup_weather', newName: 'get_weather' });
    await call('project.applyEdits', { root: renamed.root, edits: renamed.edits, renamedTool: renamed.renamedTool });
    expect(readFileSync(weather, 'utf8')).toContain('"toolbox": "get_weather"');

    const key = text.indexOf('aaosa_instructions}');
    const keyRename = await call<ApiResponse<'language.rename'>>('language.rename', { path: weather, text, offset: key + 2, newName: 'x' });
    expect(keyRename).toEqual({ problem: expect.stringContaining('No key of this file is named aaosa_instructions') });
  });

  it('gives a file the formatting options its .editorconfig chooses, as `format` reads them', async () => {
    const { dir, call, weather } = project();
    writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n[*.hocon]\nindent_style = space\nindent_size = 4\nhocon_separator = :\ntrim_trailing_whitespace = true\n');
    expect(await call('language.formatOptions', { path: weather })).toEqual({ indent: 4, separator: ':', trimTrailingWhitespace: true });
    expect(await call('language.formatOptions', { path: path.join(dir, 'notes.txt') })).toEqual({});
  });
});

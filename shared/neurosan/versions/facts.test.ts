import { describe, expect, it } from 'vitest';
import { CHANGES, NEWEST_KNOWN_VERSION, SERIES_NEWEST, codedClassWays, defaultMayDefine, factsFor, knowsTypeName } from './facts';
import { compareVersions, parseVersion, version } from './version';

const at = (v: string) => factsFor(version(v));

describe('the table of neuro-san facts by version', () => {
  it('is in release order, each row with a source, and a window only where the release is not known exactly', () => {
    const placed = CHANGES.filter((c) => c.version !== undefined);
    for (let i = 1; i < placed.length; i++) expect(compareVersions(version(placed[i - 1]!.version!), version(placed[i]!.version!))).toBeLessThanOrEqual(0);
    for (const change of CHANGES) {
      expect(change.source.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(change.source.pr ?? change.source.tag ?? change.source.release).toBeDefined();
      if (change.earliest && change.version) expect(compareVersions(version(change.earliest), version(change.version))).toBeLessThan(0);
      if (change.earliest || change.version === undefined) expect(change.source.release).toBeDefined();
    }
  });

  it('0.5.x ships the eleven tools of 0.5.34; the newest release only get_current_date_time', () => {
    expect(at('0.5.55').sure.defaultTools).toEqual([
      'bing_search',
      'tavily_search',
      'requests_toolkit',
      'requests_get',
      'requests_post',
      'requests_patch',
      'requests_put',
      'requests_delete',
      'website_search',
      'rag_retriever',
      'google_serper',
    ]);
    expect(at('0.5.23').sure.defaultTools).toHaveLength(8);
    expect(at('0.5.23').sure.toolboxAgentKey).toBe('base_tool');
    expect(at('0.5.18').sure.defaultToolbox).toBeNull();
    expect(at(NEWEST_KNOWN_VERSION).sure.defaultTools).toEqual(['get_current_date_time']);
  });

  it('inside a window a tool may still be there: the rules then treat it as defined', () => {
    // tavily_search left in PR #515 (2025-10-24): certainly gone in 0.6.5, perhaps already in 0.6.1.
    expect(defaultMayDefine(at('0.6.3'), 'tavily_search')).toBe(true);
    expect(defaultMayDefine(at('0.6.5'), 'tavily_search')).toBe(false);
    expect(defaultMayDefine(at('0.6.8'), 'get_current_date_time')).toBe(true);
  });

  it('"int" is known at every version; "integer" from the pydantic v2 converter on (0.6.98; perhaps 0.6.96)', () => {
    for (const v of ['0.5.19', '0.5.55', '0.6.40', '0.6.95', NEWEST_KNOWN_VERSION]) expect(knowsTypeName(at(v), 'int')).toBe(true);
    expect(knowsTypeName(at('0.5.55'), 'integer')).toBe(false);
    // 0.6.95 still fails "integer" with pydantic.v1's "no validator found for UndefinedType" (run by a public guide).
    for (const v of ['0.6.92', '0.6.95']) {
      expect(knowsTypeName(at(v), 'integer')).toBe(false);
      expect(at(v).maybe.converter).toBe('pydantic-v1');
    }
    // 0.6.96 and 0.6.97 may have it (no release of them was seen): the rules then say nothing of "integer".
    expect(knowsTypeName(at('0.6.96'), 'integer')).toBe(true);
    expect(at('0.6.96').sure.converter).toBe('pydantic-v1');
    expect(at('0.6.98').sure.converter).toBe('pydantic-v2');
    expect(knowsTypeName(at(NEWEST_KNOWN_VERSION), 'integer')).toBe(true);
    const row = CHANGES.find((c) => c.set.converter === 'pydantic-v2')!;
    expect(row).toMatchObject({ version: '0.6.98', earliest: '0.6.96', source: { pr: 1210 } });
  });

  it('a "/" tool no manifest serves gets the "unrecognized URL or path tool" words from 0.6.52 (PR #919; perhaps 0.6.50)', () => {
    expect(at('0.6.49').maybe.pathToolWords).toBe('invalid');
    expect(at('0.6.50').sure.pathToolWords).toBe('invalid');
    expect(at('0.6.50').maybe.pathToolWords).toBe('unrecognized');
    expect(at('0.6.52').sure.pathToolWords).toBe('unrecognized');
    expect(at(NEWEST_KNOWN_VERSION).sure.pathToolWords).toBe('unrecognized');
  });

  it('agent_toolbox_info_file is read from 0.5.45 and ignored from 0.6.1; AGENT_TOOL_PATH_ONLY from 0.6.94', () => {
    expect(at('0.5.44').sure.networkToolboxKeys).toEqual(['toolbox_info_file']);
    expect(at('0.5.55').sure.networkToolboxKeys).toEqual(['agent_toolbox_info_file', 'toolbox_info_file']);
    expect(at('0.6.1').sure.networkToolboxKeys).toEqual(['toolbox_info_file']);
    expect(at('0.6.93').sure.agentToolPathOnly).toBe(false);
    expect(at('0.6.94').sure.agentToolPathOnly).toBe(true);
  });

  it("a coded tool's class: the network folder and one up from 0.5.21, every level from 0.6.21 (0.6.11), the full name first from 0.6.41 (0.6.39)", () => {
    expect(codedClassWays(at('0.5.20'))).toEqual([{ lookup: 'network', toolPathOnly: false, networkNames: 'stem' }]);
    expect(codedClassWays(at('0.5.55'))).toEqual([{ lookup: 'network-parent', toolPathOnly: false, networkNames: 'stem' }]);
    expect(codedClassWays(at('0.6.13'))).toEqual([
      { lookup: 'network-parent', toolPathOnly: false, networkNames: 'path' },
      { lookup: 'network-levels', toolPathOnly: false, networkNames: 'path' },
    ]);
    expect(codedClassWays(at('0.6.40')).map((w) => w.lookup)).toEqual(['network-levels', 'qualified-first']);
    expect(codedClassWays(at('0.6.41'))).toEqual([{ lookup: 'qualified-first', toolPathOnly: false, networkNames: 'path' }]);
    expect(codedClassWays(at('0.6.94'))).toEqual([{ lookup: 'qualified-first', toolPathOnly: true, networkNames: 'path' }]);
  });

  it('a network is called by its file\'s stem until hierarchical networks (PR #413: 0.5.65, maybe 0.5.63)', () => {
    expect(codedClassWays(at('0.5.62')).map((w) => w.networkNames)).toEqual(['stem']);
    expect(codedClassWays(at('0.5.63')).map((w) => w.networkNames)).toEqual(['stem', 'path']);
    expect(codedClassWays(at('0.5.65')).map((w) => w.networkNames)).toEqual(['path']);
  });

  it('a change in no known release applies only to versions newer than the editor knows', () => {
    expect(at(NEWEST_KNOWN_VERSION).sure.mcpInfoVariables).toEqual([]);
    expect(at('0.7.99').sure.mcpInfoVariables).toEqual(['AGENT_MCP_INFO_FILE', 'MCP_SERVERS_INFO_FILE']);
    expect(at('0.7.99').newerThanKnown).toBe(true);
  });

  it('knows the 0.7 series up to 0.7.4 (neuro-san-studio pins it from 2026-09-18): 0.6.98 is the last 0.6 release seen', () => {
    expect(NEWEST_KNOWN_VERSION).toBe('0.7.4');
    expect(SERIES_NEWEST['0.6']).toBe('0.6.98');
    expect(SERIES_NEWEST['0.7']).toBe('0.7.4');
    for (const v of ['0.7.0', '0.7.4']) expect(at(v).newerThanKnown).toBe(false);
    expect(at('0.7.5').newerThanKnown).toBe(true);
    const row = CHANGES.find((c) => c.version === '0.7.0')!;
    expect(row.source).toMatchObject({ pr: 1302, date: '2026-09-03' });
    expect(row.set).toEqual({});
  });

  it('0.7.0 to 0.7.4 read toolboxes, networks and coded tools as 0.6.98 does (no change found in them)', () => {
    const before = at('0.6.98');
    for (const v of ['0.7.0', '0.7.4']) {
      expect(at(v).sure).toEqual(before.sure);
      // hocon_lint's warnings may have come in any release after 0.6.95 (placed in none): 0.6.98 may have them too.
      expect(at(v).maybe).toEqual(before.maybe);
      expect(at(v).maybe.hoconLint).toBe(true);
      expect(at(v).sure.hoconLint).toBe(false);
    }
    // What 0.6.95 lacks of them is the pydantic v2 converter alone.
    expect(at('0.7.0').sure).toEqual({
      ...at('0.6.95').sure,
      converter: 'pydantic-v2',
      typeNames: ['string', 'int', 'float', 'boolean', 'array', 'integer', 'number', 'bool', 'object'],
    });
    expect(at('0.7.4').sure.defaultToolbox).toBe('latest');
    expect(at('0.7.4').sure.defaultTools).toEqual(['get_current_date_time']);
    expect(codedClassWays(at('0.7.4'))).toEqual([{ lookup: 'qualified-first', toolPathOnly: true, networkNames: 'path' }]);
    // AGENT_MCP_INFO_FILE is still placed in no release: 0.7.x may read it, is not said to.
    expect(at('0.7.4').sure.mcpInfoVariables).toEqual([]);
    expect(at('0.7.4').maybe.mcpInfoVariables).toEqual(['AGENT_MCP_INFO_FILE', 'MCP_SERVERS_INFO_FILE']);
  });

  it('reads versions as pip orders them', () => {
    expect(compareVersions(version('0.6.66.dev17+g2c71c6fd'), version('0.6.66'))).toBeLessThan(0);
    expect(compareVersions(version('0.6.66.dev17+g2c71c6fd'), version('0.6.65'))).toBeGreaterThan(0);
    expect(parseVersion('latest')).toBeUndefined();
    expect(parseVersion('0.5')?.parts).toEqual([0, 5, 0]);
  });
});

describe('the front man rule (agent_network.py find_front_man), read at each tag', () => {
  it('a function without parameters before 0.5.52; the first valid agent in 0.5.52-0.5.54; the first agent from 0.5.55 (PR #363)', () => {
    expect(at('0.5.19').sure.frontMan).toBe('no-parameters');
    expect(at('0.5.20').sure.frontMan).toBe('instructed-no-parameters');
    expect(at('0.5.40').sure.frontMan).toBe('candidates-valid');
    expect(at('0.5.54').sure.frontMan).toBe('first-valid');
    expect(at('0.5.55').sure.frontMan).toBe('first');
    expect(at(NEWEST_KNOWN_VERSION).sure.frontMan).toBe('first');
    expect(CHANGES.find((c) => c.set.frontMan === 'first')).toMatchObject({ version: '0.5.55', source: { pr: 363, date: '2025-08-13' } });
  });
});

/**
 * Diagnostics as a SARIF 2.1.0 log (OASIS), the format code-scanning services read to show problems inline in a pull
 * request. One run, one result per diagnostic, with its rule, level, region and, where one exists, the quick fix.
 * Paths under the working folder are relative URIs against %SRCROOT% (the repository, when run at its top); others
 * are file:// URIs.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_VERSION } from '../../../shared/version';
import type { Severity, ToolboxDiagnostic } from '../../../shared/toolbox/index';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** SARIF's level of each severity: a hint (style advice) is a `note`, which code scanning shows without failing a check. */
const LEVELS: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', hint: 'note' };
const DOCS = 'https://github.com/cognizant-ai-lab/neuro-san';

function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) {
    return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
  }
  return { uri: pathToFileURL(absolute).href };
}

/** `neuroSan`: the neuro-san versions the files were checked for, kept in the run's properties. */
export function toSarif(diagnostics: readonly ToolboxDiagnostic[], cwd: string, context: { neuroSan?: readonly object[] } = {}): object {
  const ruleIds = [...new Set(diagnostics.map((d) => d.rule))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'toolbox-editor',
            version: APP_VERSION,
            informationUri: DOCS,
            rules: ruleIds.map((id) => ({ id, name: id, shortDescription: { text: `toolbox-editor check ${id}` } })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd + path.sep).href } },
        columnKind: 'utf16CodeUnits',
        ...(context.neuroSan ? { properties: { neuroSan: context.neuroSan } } : {}),
        results: diagnostics.map((d) => {
          const location = artifactLocation(d.file, cwd);
          return {
            ruleId: d.rule,
            ruleIndex: ruleIndex.get(d.rule)!,
            level: LEVELS[d.severity],
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: location,
                  region: { startLine: d.range.start.line, startColumn: d.range.start.column, endLine: d.range.end.line, endColumn: d.range.end.column },
                },
              },
            ],
            ...(d.tool !== undefined ? { properties: { tool: d.tool } } : {}),
            ...(d.fix
              ? {
                  fixes: [
                    {
                      description: { text: d.fix.title },
                      artifactChanges: groupByFile(d.fix.edits).map(([file, edits]) => ({
                        artifactLocation: artifactLocation(file, cwd),
                        replacements: edits.map((e) => ({ deletedRegion: { charOffset: e.offset, charLength: e.length }, insertedContent: { text: e.newText } })),
                      })),
                    },
                  ],
                }
              : {}),
          };
        }),
      },
    ],
  };
}

function groupByFile<T extends { file: string }>(edits: readonly T[]): [string, T[]][] {
  const byFile = new Map<string, T[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  return [...byFile];
}

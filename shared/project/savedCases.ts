import { resolveHocon, type HoconValue } from '../hocon/index';
import { caseFileFor } from '../run/index';
import { closestName, diagnosticAt, replaceTextFix, replaceValueFix, type QuickFix, type ToolboxDiagnostic } from '../toolbox/index';

/**
 * Saved test cases that name a tool their toolbox no longer has (issue #35): `toolbox-editor test` then fails in CI
 * ("tool not found") though nothing in the toolbox looks wrong, typically after a rename whose cases did not follow.
 * The cases file is the toolbox's `<name>.tests.json` beside it (node/testcases/testCaseFile.ts). Read as JSON, which
 * HOCON reads with positions; a file that is not a cases file at all is `test`'s to report, not this check's.
 * A case of an MCP server's tool (`mcp_server`) names the server's tool, not the toolbox's: left alone.
 */
export function staleCaseProblems(
  toolboxPath: string,
  readFile: (path: string) => string | undefined,
  toolNames: ReadonlySet<string>,
): { file?: string; problems: ToolboxDiagnostic[] } {
  const file = caseFileFor(toolboxPath);
  const text = readFile(file);
  if (text === undefined) return { problems: [] };
  const read = resolveHocon(text, { fileName: file });
  const cases = read.value.fields.value('cases');
  if (read.diagnostics.some((d) => d.severity === 'error') || cases?.kind !== 'array') return { file, problems: [] };
  const out: ToolboxDiagnostic[] = [];
  cases.elements.forEach((testCase, index) => {
    if (testCase.kind !== 'object' || testCase.fields.value('mcp_server') !== undefined) return;
    const tool = testCase.fields.value('tool');
    const name = testCase.fields.value('name');
    if (tool?.kind !== 'string' || toolNames.has(tool.value)) return;
    const caseName = name?.kind === 'string' ? name.value : `#${index + 1}`;
    const likely = closestName(tool.value, toolNames);
    const fix = likely !== undefined ? replaceValueFix(`Change the case's tool to '${likely}'`, tool, JSON.stringify(likely)) : deleteCaseFix(caseName, cases.elements, index);
    out.push(
      diagnosticAt(
        tool,
        'warning',
        'test-case-tool',
        `Saved test case '${caseName}' runs '${tool.value}', which ${toolboxPath} does not define: \`toolbox-editor test\` fails on it (tool not found).${likely !== undefined ? ` Did you mean '${likely}'?` : ''}`,
        fix ? { fix } : undefined,
      ),
    );
  });
  return { file, problems: out };
}

/** Deletes one case of the array with the separator after it (or, for the last, before it). */
function deleteCaseFix(caseName: string, elements: readonly HoconValue[], index: number): QuickFix | undefined {
  const element = elements[index]!;
  const next = elements[index + 1];
  const previous = elements[index - 1];
  const [start, end] = next ? [element.start, next.start] : previous ? [previous.end, element.end] : [element.start, element.end];
  return replaceTextFix(`Delete the test case '${caseName}'`, element.source.name, start, end - start, '');
}

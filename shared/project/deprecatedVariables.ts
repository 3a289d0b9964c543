/**
 * Variables a project's neuro-san still reads but warns about (shared/neurosan/versions/facts.ts): said where the
 * project's `.env` sets them, in neuro-san's words. MCP_SERVERS_INFO_FILE gives way to AGENT_MCP_INFO_FILE in no
 * release the editor knows yet: this speaks only for a newer neuro-san (an interpreter's, or a project setting).
 */
import { versionWords, type NeuroSanFacts } from '../neurosan/versions/index';
import type { ToolboxDiagnostic } from '../toolbox/index';

export function deprecatedVariableWarnings(dotEnv: { file: string; text: string } | undefined, facts: NeuroSanFacts): ToolboxDiagnostic[] {
  const deprecated = facts.sure.deprecatedVariables;
  if (!dotEnv || Object.keys(deprecated).length === 0) return [];
  const out: ToolboxDiagnostic[] = [];
  let offset = 0;
  const lines = dotEnv.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^(\s*(?:export\s+)?)([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
    const name = m?.[2];
    if (m && name !== undefined && deprecated[name] !== undefined) {
      const column = m[1]!.length + 1;
      const start = { offset: offset + column - 1, line: i + 1, column };
      const end = { offset: start.offset + name.length, line: i + 1, column: column + name.length };
      out.push({ severity: 'warning', rule: 'deprecated-variable', message: `${versionWords(facts)}: "${deprecated[name]}"`, file: dotEnv.file, line: i + 1, column, range: { start, end } });
    }
    offset += line.length + 1;
  }
  return out;
}

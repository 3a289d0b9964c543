import type { DiagnosticDto } from '../../shared/api/index';
import { formFieldAt } from '../form/fieldRanges';
import { focusFormField } from '../ui/focusField';
import type { Workspace } from '../workspace';
import { isEditable } from '../tools/toolCommands';
import { filterProblems, problemKey, stepProblem } from './problemFilter';
import { sortProblems } from './sortProblems';
import { currentAnalysis } from '../state/openAnalysis';
import { agentAt, readOpenNetwork } from '../network/openNetwork';

/**
 * Shows a problem: its tool selected; in the Form tab the form field it is about (when it has one and the list is
 * of the text as it is now), else its line in the HOCON tab. A problem in another file selects its tool only.
 */
export function revealProblem(stores: Workspace, d: DiagnosticDto): void {
  const { analysis, analyzedText } = stores.useAnalysis.getState();
  const text = stores.useDocument.getState().text;
  stores.useView.getState().setActiveProblem(problemKey(d));
  if (d.tool) stores.useAnalysis.getState().select(d.tool);
  if (!analysis || d.file !== analysis.file) return;
  const showText = () => {
    stores.useView.getState().setTab('hocon');
    // Let the HOCON tab show before revealing (the editor measures its size when visible).
    requestAnimationFrame(() => stores.documentModel.reveal(d.range.start.offset, d.range.end.offset));
  };
  const current = analyzedText !== null && analyzedText === text;
  // In an agent network, the agent the problem is in is selected in the network view (and its form).
  if (analysis.kind === 'network' && current) {
    const agent = agentAt(readOpenNetwork(text, analysis.file), d.range.start.offset);
    if (agent) stores.useView.getState().selectAgent(agent.agent.name);
  }
  const tool = d.tool ? analysis.tools.find((t) => t.name === d.tool) : undefined;
  if (stores.useView.getState().tab === 'form' && tool && isEditable(analysis, tool) && current) {
    const field = formFieldAt(text, tool.valueRange.start.offset, tool.valueRange.end.offset, d.range.start.offset);
    if (field !== undefined) return void focusFormField(tool.name, field).then((shown) => shown || showText());
  }
  showText();
}

/** The file's problems: not what "Check all tools" found about the Python environment (a group of its own). */
export const fileProblems = (diagnostics: readonly DiagnosticDto[]) => diagnostics.filter((d) => d.group !== 'environment');

/** The file's problems as the panel lists them: sorted, then filtered. */
export function visibleProblems(stores: Workspace): DiagnosticDto[] {
  const analysis = currentAnalysis(stores);
  return filterProblems(fileProblems(sortProblems(analysis?.diagnostics ?? [], analysis?.file)), stores.useView.getState().problemFilter);
}

/** F8 / Shift+F8: the next (previous) problem the panel lists, shown. Says whether there was one. */
export function goToProblem(stores: Workspace, step: 1 | -1): boolean {
  const problems = visibleProblems(stores);
  const index = stepProblem(problems, stores.useView.getState().activeProblem, step);
  const problem = problems[index];
  if (!problem) return false;
  revealProblem(stores, problem);
  return true;
}

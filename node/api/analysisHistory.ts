import { analysisChange } from '../../shared/api/index';
import type { ToolboxAnalysis, ToolboxAnalysisChange } from '../../shared/api/index';

/**
 * The last few analyses sent, by the textId of their text, so the next answer can be a change of the one the renderer
 * holds (shared/api/analysisDelta.ts) instead of megabytes.
 */
export class AnalysisHistory {
  private readonly sent = new Map<string, { text: string; analysis: ToolboxAnalysis }>();

  constructor(private readonly capacity = 4) {}

  /** The analysis of `text`, as a change of the analysis `known` names when that one is still here. */
  answer(analysis: ToolboxAnalysis, text: string, textId: string | undefined, known: string | undefined): ToolboxAnalysis | ToolboxAnalysisChange {
    const before = known === undefined ? undefined : this.sent.get(known);
    if (textId !== undefined) {
      this.sent.delete(textId);
      this.sent.set(textId, { text, analysis });
      while (this.sent.size > this.capacity) this.sent.delete(this.sent.keys().next().value as string);
    }
    if (!before || known === undefined || before.analysis.file !== analysis.file) return analysis;
    const { tools: _tools, diagnostics: _diagnostics, ...rest } = analysis;
    return { ...rest, changeOf: known, ...analysisChange(before.analysis, before.text, analysis, text) };
  }
}

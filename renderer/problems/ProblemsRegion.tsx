import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { DiagnosticDto } from '../../shared/api/index';
import { formFieldAt } from '../form/fieldRanges';
import { focusFormField } from '../form/revealField';
import type { WorkspaceStores } from '../state/workspace';
import { fileName } from '../state/documentStore';
import { isEditable } from '../tools/toolCommands';
import { applyFix } from './applyFix';
import { sortProblems } from './sortProblems';
import { NeuroSanCheck } from './NeuroSanCheck';
import { UrlIncludesPrompt } from '../project/UrlIncludesPrompt';
import { plural } from '../../shared/plural';

const ROW_HEIGHT = 24;

/**
 * Every diagnostic of the document, errors first. Click or Enter shows it: in the Form tab, the form field it is
 * about (when it has one); else its line in the HOCON tab. A problem with a quick fix has the fix as a button.
 */
export function ProblemsRegion({ stores }: { stores: WorkspaceStores }) {
  const analysis = stores.useAnalysis((s) => s.analysis);
  const analyzedText = stores.useAnalysis((s) => s.analyzedText);
  const text = stores.useDocument((s) => s.text);
  const path = stores.useDocument((s) => s.path);
  // Marks whether the list reflects the text as it is now (the bench and tests wait for 'current').
  const current = analyzedText !== null && analyzedText === text;
  const diagnostics = useMemo(() => sortProblems(analysis?.diagnostics ?? [], analysis?.file), [analysis]);
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: diagnostics.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const errors = diagnostics.filter((d) => d.severity === 'error').length;

  const jump = (d: DiagnosticDto) => {
    if (d.tool) stores.useAnalysis.getState().select(d.tool);
    if (d.file !== analysis?.file) return;
    const showText = () => {
      stores.useView.getState().setTab('hocon');
      // Let the HOCON tab show before revealing (the editor measures its size when visible).
      requestAnimationFrame(() => stores.documentModel.reveal(d.range.start.offset, d.range.end.offset));
    };
    const tool = d.tool ? analysis.tools.find((t) => t.name === d.tool) : undefined;
    if (stores.useView.getState().tab === 'form' && tool && isEditable(analysis, tool) && current) {
      const field = formFieldAt(text, tool.valueRange.start.offset, tool.valueRange.end.offset, d.range.start.offset);
      if (field !== undefined) return void focusFormField(tool.name, field).then((shown) => shown || showText());
    }
    showText();
  };

  return (
    <section className="region problems-region" aria-label="Problems" data-analysis={current ? 'current' : 'pending'}>
      <h2 className="region-title">
        Problems {analysis ? `— ${plural(errors, 'error')}, ${plural(diagnostics.length - errors, 'warning')}` : ''}
      </h2>
      {/* One per file: another file's answer (or a check still running for it) never shows under this one. */}
      <NeuroSanCheck key={path ?? ''} stores={stores} />
      <UrlIncludesPrompt key={`urls:${path ?? ''}`} stores={stores} />
      <div ref={listRef} className="problem-list">
        {analysis && diagnostics.length === 0 && <p className="placeholder">No problems: neuro-san would read every entry as written.</p>}
        {!analysis && <p className="placeholder">Every problem neuro-san would find in this file, with its position.</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const d = diagnostics[row.index] as DiagnosticDto;
            const elsewhere = d.file !== analysis?.file;
            return (
              <div key={row.index} className={`problem-row problem-${d.severity}`} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}>
                <button className="problem" onClick={() => jump(d)} title={d.message}>
                  <span className="problem-icon" aria-label={d.severity}>
                    {d.severity === 'error' ? '✕' : '⚠'}
                  </span>
                  <span className="problem-message">{d.message}</span>
                  <span className="problem-where">
                    {elsewhere ? `${fileName(d.file)} ` : ''}
                    {d.line}:{d.column} [{d.rule}]
                  </span>
                </button>
                {d.fix && !elsewhere && (
                  <button className="quick-fix" disabled={!current} onClick={() => applyFix(stores, d)} title={`Quick fix: ${d.fix.title}`}>
                    {d.fix.title}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

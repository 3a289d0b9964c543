import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { DiagnosticDto } from '../../shared/api/toolboxApi';
import type { WorkspaceStores } from '../state/workspace';
import { fileName } from '../state/documentStore';
import { NeuroSanCheck } from './NeuroSanCheck';

const ROW_HEIGHT = 24;

/** Every diagnostic of the document; click or Enter jumps to its position in the HOCON editor. */
export function ProblemsRegion({ stores }: { stores: WorkspaceStores }) {
  const analysis = stores.useAnalysis((s) => s.analysis);
  const analyzedText = stores.useAnalysis((s) => s.analyzedText);
  const text = stores.useDocument((s) => s.text);
  // Marks whether the list reflects the text as it is now (the bench and tests wait for 'current').
  const current = analyzedText !== null && analyzedText === text;
  const diagnostics = analysis?.diagnostics ?? [];
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: diagnostics.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const errors = diagnostics.filter((d) => d.severity === 'error').length;

  const jump = (d: DiagnosticDto) => {
    if (d.tool) stores.useAnalysis.getState().select(d.tool);
    if (d.file !== analysis?.file) return;
    stores.useView.getState().setTab('hocon');
    // Let the HOCON tab show before revealing (the editor measures its size when visible).
    requestAnimationFrame(() => stores.documentModel.reveal(d.range.start.offset, d.range.end.offset));
  };

  return (
    <section className="region problems-region" aria-label="Problems" data-analysis={current ? 'current' : 'pending'}>
      <h2 className="region-title">
        Problems {analysis ? `— ${errors} errors, ${diagnostics.length - errors} warnings` : ''}
      </h2>
      <NeuroSanCheck stores={stores} />
      <div ref={listRef} className="problem-list">
        {analysis && diagnostics.length === 0 && <p className="placeholder">No problems: neuro-san would read every entry as written.</p>}
        {!analysis && <p className="placeholder">Every problem neuro-san would find in this file, with its position.</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const d = diagnostics[row.index] as DiagnosticDto;
            const elsewhere = d.file !== analysis?.file;
            return (
              <button
                key={row.index}
                className={`problem problem-${d.severity}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                onClick={() => jump(d)}
                title={d.fix ? `Quick fix available: ${d.fix.title}` : undefined}
              >
                <span className="problem-icon" aria-label={d.severity}>
                  {d.severity === 'error' ? '✕' : '⚠'}
                </span>
                <span className="problem-message">{d.message}</span>
                <span className="problem-where">
                  {elsewhere ? `${fileName(d.file)} ` : ''}
                  {d.line}:{d.column} [{d.rule}]
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}

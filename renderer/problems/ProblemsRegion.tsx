import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type CSSProperties } from 'react';
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
/** The environment group is not virtualized: a check reports a few findings per tool at most. */
const MAX_ENVIRONMENT_ROWS = 1000;

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
  // The file's problems, and apart from them what "Check all tools" found about the Python environment.
  const { diagnostics, environment } = useMemo(() => {
    const sorted = sortProblems(analysis?.diagnostics ?? [], analysis?.file);
    return { diagnostics: sorted.filter((d) => d.group !== 'environment'), environment: sorted.filter((d) => d.group === 'environment') };
  }, [analysis]);
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
      {environment.length > 0 && (
        // Not the file's problems: what the Python environment lacks for its tools, until the entry or the run settings change.
        <details className="problem-group" aria-label="Environment">
          <summary>
            Environment — {plural(environment.filter((d) => d.severity === 'error').length, 'error')}, {plural(environment.filter((d) => d.severity === 'warning').length, 'warning')} from
            Check all tools in the Python the tools run with (not problems of the file)
          </summary>
          <div className="problem-group-list">
            {environment.slice(0, MAX_ENVIRONMENT_ROWS).map((d, i) => (
              <ProblemRow key={i} d={d} file={analysis?.file} current={current} onJump={jump} onFix={(f) => applyFix(stores, f)} style={{ height: ROW_HEIGHT }} />
            ))}
          </div>
        </details>
      )}
      <div ref={listRef} className="problem-list">
        {analysis && diagnostics.length === 0 && <p className="placeholder">No problems: neuro-san would read every entry as written.</p>}
        {!analysis && <p className="placeholder">Every problem neuro-san would find in this file, with its position.</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <ProblemRow
              key={row.index}
              d={diagnostics[row.index] as DiagnosticDto}
              file={analysis?.file}
              current={current}
              onJump={jump}
              onFix={(d) => applyFix(stores, d)}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

/** One problem: a click shows it; its quick fix, when it has one in the open file, is a button beside it. */
function ProblemRow({
  d,
  file,
  current,
  onJump,
  onFix,
  style,
}: {
  d: DiagnosticDto;
  file: string | undefined;
  current: boolean;
  onJump(d: DiagnosticDto): void;
  onFix(d: DiagnosticDto): void;
  style: CSSProperties;
}) {
  const elsewhere = d.file !== file;
  return (
    <div className={`problem-row problem-${d.severity}`} style={style}>
      <button className="problem" onClick={() => onJump(d)} title={d.message}>
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
        <button className="quick-fix" disabled={!current} onClick={() => onFix(d)} title={`Quick fix: ${d.fix.title}`}>
          {d.fix.title}
        </button>
      )}
    </div>
  );
}

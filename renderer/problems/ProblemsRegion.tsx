import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { DiagnosticDto } from '../../shared/api/index';
import type { Workspace } from '../workspace';
import { fileName } from '../state/documentStore';
import { analysisOf, useOpenAnalysis } from '../state/openAnalysis';
import { AnalysisPending } from '../ui/AnalysisPending';
import { applyFix } from '../editor/applyFix';
import { NeuroSanCheck } from './NeuroSanCheck';
import { UrlIncludesPrompt } from '../project/UrlIncludesPrompt';
import { countSeverities, severityCountWords } from '../../shared/toolbox/index';
import { filterProblems, problemKey, problemRows } from './problemFilter';
import { groupLabel, ProblemFilterBar } from './ProblemFilterBar';
import { fileProblems, revealProblem } from './revealProblem';
import { sortProblems } from './sortProblems';
import { SEVERITY_ICONS } from '../ui/severityIcons';
import { rowInView } from '../ui/rowInView';

const ROW_HEIGHT = 24;
/** The environment group is not virtualized: a check reports a few findings per tool at most. */
const MAX_ENVIRONMENT_ROWS = 1000;

/**
 * Every diagnostic of the document, errors first, filtered and grouped as the filter bar says. Click or Enter shows
 * it (revealProblem); F8 and Shift+F8 step through the list as shown, the problem shown is marked. A problem with a
 * quick fix has the fix as a button. What "Check all tools" found about the Python environment is a group of its own,
 * apart from the file's problems (not filtered, not stepped through by F8).
 */
export function ProblemsRegion({ stores }: { stores: Workspace }) {
  // Another file's problems (held until this one's first answer) are never listed, nor its "No problems", as this one's.
  const open = useOpenAnalysis(stores);
  const analysis = analysisOf(open);
  const analyzedText = stores.useAnalysis((s) => s.analyzedText);
  const text = stores.useDocument((s) => s.text);
  const path = stores.useDocument((s) => s.path);
  const filter = stores.useView((s) => s.problemFilter);
  const grouping = stores.useView((s) => s.problemGrouping);
  const active = stores.useView((s) => s.activeProblem);
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  // Marks whether the list reflects the text as it is now (the bench and tests wait for 'current').
  const current = analyzedText !== null && analyzedText === text;
  // The file's problems, and apart from them what "Check all tools" found about the Python environment.
  const { all, environment } = useMemo(() => {
    const sorted = sortProblems(analysis?.diagnostics ?? [], analysis?.file);
    return { all: fileProblems(sorted), environment: sorted.filter((d) => d.group === 'environment') };
  }, [analysis]);
  const diagnostics = useMemo(() => filterProblems(all, filter), [all, filter]);
  const rows = useMemo(() => problemRows(diagnostics, grouping, folded, analysis?.file), [diagnostics, grouping, folded, analysis?.file]);
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const counts = useMemo(() => countSeverities(all), [all]);

  // The problem F8 moved to is brought into view in the list (its group unfolded).
  useEffect(() => {
    if (active === null) return;
    const at = rows.findIndex((r) => r.kind === 'problem' && problemKey(r.problem) === active);
    if (at >= 0 && !rowInView(virtualizer, at)) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [active, rows, virtualizer]);
  useEffect(() => {
    if (active === null || folded.size === 0) return;
    const problem = diagnostics.find((d) => problemKey(d) === active);
    const key = problem && (grouping === 'file' ? problem.file : grouping === 'tool' ? (problem.tool ?? '') : null);
    if (key && folded.has(key)) setFolded((f) => new Set([...f].filter((k) => k !== key)));
    // On a move only (not when the user folds the group holding the active problem): `active` alone.
  }, [active]);

  const toggle = (key: string) => setFolded((f) => (f.has(key) ? new Set([...f].filter((k) => k !== key)) : new Set([...f, key])));
  const row = (d: DiagnosticDto, style: CSSProperties, inGroup = false) => (
    <ProblemRow d={d} file={analysis?.file} current={current} active={problemKey(d) === active} inGroup={inGroup} grouping={grouping} onJump={(p) => revealProblem(stores, p)} onFix={(p) => applyFix(stores, p)} style={style} />
  );

  return (
    <section className="region problems-region" aria-label="Problems" data-analysis={current ? 'current' : 'pending'}>
      <div className="problems-header">
        <h2 className="region-title">Problems {analysis ? `— ${severityCountWords(counts)}` : ''}</h2>
        {all.length > 0 && <ProblemFilterBar useView={stores.useView} problems={all} shown={diagnostics.length} />}
        {/* One per file: another file's answer (or a check still running for it) never shows under this one. */}
        <NeuroSanCheck key={path ?? ''} stores={stores} />
      </div>
      {/* What validate FILE says before the problems: a file of the project's settings not read (a .env that is a FIFO). */}
      {analysis?.warnings?.map((warning) => (
        <p key={warning} role="alert" className="problems-warning">
          {warning}
        </p>
      ))}
      <UrlIncludesPrompt key={`urls:${path ?? ''}`} stores={stores} />
      {environment.length > 0 && (
        // Not the file's problems: what the Python environment lacks for its tools, until the entry or the run settings change.
        <details className="problem-group" aria-label="Environment">
          <summary>
            Environment — {severityCountWords(countSeverities(environment))} from
            Check all tools in the Python the tools run with (not problems of the file)
          </summary>
          <div className="problem-group-list">
            {environment.slice(0, MAX_ENVIRONMENT_ROWS).map((d, i) => (
              <div key={i}>{row(d, { height: ROW_HEIGHT })}</div>
            ))}
          </div>
        </details>
      )}
      <div ref={listRef} className="problem-list" role="list" aria-label="Problem list">
        {analysis && all.length === 0 && <p className="placeholder">No problems: neuro-san would read every entry as written.</p>}
        {all.length > 0 && diagnostics.length === 0 && <p className="placeholder">No problem matches the filter.</p>}
        {open.kind !== 'ready' && <AnalysisPending open={open} idle="Every problem neuro-san would find in this file, with its position." />}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = rows[item.index]!;
            const style = { position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` } as const;
            if (r.kind === 'group') {
              return (
                <div key={`group:${r.key}`} role="listitem" className="problem-group-title" style={style}>
                  <button aria-expanded={!r.folded} onClick={() => toggle(r.key)} title={r.key}>
                    <span aria-hidden="true">{r.folded ? '▸' : '▾'}</span> {groupLabel(grouping, r.label)} <span className="hint">({r.count})</span>
                  </button>
                </div>
              );
            }
            return (
              <div key={`${item.index}:${problemKey(r.problem)}`} role="listitem" style={style}>
                {row(r.problem, { height: ROW_HEIGHT }, grouping !== 'none')}
              </div>
            );
          })}
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
  active,
  inGroup,
  grouping,
  onJump,
  onFix,
  style,
}: {
  d: DiagnosticDto;
  file: string | undefined;
  current: boolean;
  active: boolean;
  inGroup: boolean;
  grouping: string;
  onJump(d: DiagnosticDto): void;
  onFix(d: DiagnosticDto): void;
  style: CSSProperties;
}) {
  const elsewhere = d.file !== file;
  return (
    <div aria-current={active || undefined} className={`problem-row problem-${d.severity}${active ? ' active' : ''}${inGroup ? ' in-group' : ''}`} style={style}>
      <button className="problem" onClick={() => onJump(d)} title={d.message}>
        <span className="problem-icon" aria-label={d.severity}>
          {SEVERITY_ICONS[d.severity]}
        </span>
        <span className="problem-message">{d.message}</span>
        <span className="problem-where">
          {elsewhere && grouping !== 'file' ? `${fileName(d.file)} ` : ''}
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

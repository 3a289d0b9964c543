import { useRef, useState } from 'react';
import { ToolForm } from './form/ToolForm';
import { AgentForm } from './network/AgentForm';
import { ByFileKind } from './network/ByFileKind';
import type { CentreTab } from './state/viewStore';
import type { Workspace } from './workspace';
import { TextEditor } from './editor/TextEditor';
import { OutlinePanel } from './editor/OutlinePanel';
import { PythonSourceView } from './preflight/PythonSourceView';
import { outlineFits, type CodeMetrics } from './editor/outlineRoom';
import { useShownWidth } from './ui/useElementSize';

const TABS: { id: CentreTab; label: string }[] = [
  { id: 'form', label: 'Form' },
  { id: 'hocon', label: 'HOCON' },
];

/** The centre: the selected tool as a Form, or the file as HOCON text. Both views edit the same Monaco model. */
export function CentreRegion({ stores, theme }: { stores: Workspace; theme: 'light' | 'dark' }) {
  const tab = stores.useView((s) => s.tab);
  const setTab = stores.useView((s) => s.setTab);
  const source = stores.useEntryPython((s) => s.source);
  const tabs = source ? [...TABS, { id: 'python' as const, label: `Python: ${source.file.split(/[\\/]/).pop() ?? ''}` }] : TABS;
  // The outline opens by itself where the code keeps 100 columns beside it (not at 1280×800); the user's fold or
  // unfold wins from then on.
  const hoconPanel = useRef<HTMLDivElement>(null);
  const panelWidth = useShownWidth(hoconPanel);
  const [metrics, setMetrics] = useState<CodeMetrics | null>(null);
  const [outlineChosen, setOutlineChosen] = useState<boolean | null>(null);
  const outlineOpen = outlineChosen ?? outlineFits(panelWidth, metrics);
  return (
    <div className="centre">
      <div role="tablist" aria-label="View" className="tabs">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab((tabs[(i + 1) % tabs.length] as (typeof tabs)[number]).id);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="panel-form" aria-labelledby="tab-form" className="tab-panel form-panel" hidden={tab !== 'form'}>
        <ByFileKind stores={stores} network={<AgentForm stores={stores} />} toolbox={<ToolForm stores={stores} />} />
      </div>
      <div ref={hoconPanel} role="tabpanel" id="panel-hocon" aria-labelledby="tab-hocon" className="tab-panel hocon-panel" hidden={tab !== 'hocon'}>
        <OutlinePanel stores={stores} visible={tab === 'hocon'} open={outlineOpen} onToggle={() => setOutlineChosen(!outlineOpen)} />
        <TextEditor stores={stores} theme={theme} visible={tab === 'hocon'} onCodeMetrics={(m) => setMetrics((was) => (was && was.charWidth === m.charWidth && was.gutterPx === m.gutterPx ? was : m))} />
      </div>
      {source && (
        <div role="tabpanel" id="panel-python" aria-labelledby="tab-python" className="tab-panel" hidden={tab !== 'python'}>
          <PythonSourceView stores={stores} theme={theme} visible={tab === 'python'} />
        </div>
      )}
    </div>
  );
}

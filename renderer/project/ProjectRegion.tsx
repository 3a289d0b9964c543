import { useEffect, useRef, useState } from 'react';
import { insertKey } from '../../shared/hocon';
import { toolTemplate } from '../tools/toolTemplates';
import { FILE_KIND_LABELS, FILE_KINDS, type FileKind } from '../../shared/project/fileKind';
import type { Workspace } from '../workspace';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';
import { absoluteIn, type ProjectStoreHook } from './projectStore';
import { RenameToolDialog } from './RenameToolDialog';
import { useProjectEdits } from './useProjectEdits';
import { McpServers } from './McpServers';
import { plural } from '../../shared/plural';
import { CollapseToggle } from '../ui/CollapseToggle';

const PLURAL: Record<FileKind, string> = {
  toolbox: 'Toolboxes',
  network: 'Agent networks',
  manifest: 'Manifests',
  fragment: 'Fragments',
  'llm-config': 'LLM configs',
  'mcp-info': 'MCP servers info',
  'test-case': 'Test cases',
  other: 'Other HOCON',
};

export interface ProjectRegionProps {
  stores: Workspace;
  useProject: ProjectStoreHook;
  /** Opens a file in the editor (asking first when the open one has unsaved changes); resolves true when opened. */
  openFile(path: string): Promise<boolean>;
  /** Folding the view to its title row (the layout keeps whether it is). */
  collapse?: { collapsed: boolean; toggle(): void };
}

/**
 * The folder open as a neuro-san project: the toolbox in use and where it came from, every file by kind (a click
 * opens it), the manifests' networks, and each tool with the agents that use it.
 */
export function ProjectRegion({ stores, useProject, openFile, collapse }: ProjectRegionProps) {
  const project = useProject((s) => s.project);
  const error = useProject((s) => s.error);
  const lastChange = useProject((s) => s.lastChange);
  const asking = useProject((s) => s.asking);
  const [selectedTool, setSelectedTool] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const edits = useProjectEdits(stores, useProject);
  const docPath = stores.useDocument((s) => s.path);
  const savedAt = stores.useDocument((s) => s.mtimeMs);
  // What the open file breaks is read from its own analysis only, never from the previous file's (held meanwhile),
  // nor from a half-typed text that does not parse (which has no tools of its own): the last one that did.
  const analysis = toolsOf(useOpenAnalysis(stores));
  // A file of the project saved from the editor (the same file, a new time on disk): read the project again.
  const lastSeen = useRef<{ path: string | null; savedAt: number | null }>({ path: null, savedAt: null });
  useEffect(() => {
    const before = lastSeen.current;
    lastSeen.current = { path: docPath, savedAt };
    const current = useProject.getState().project;
    const saved = before.path === docPath && before.savedAt !== null && savedAt !== before.savedAt;
    if (saved && current && docPath?.startsWith(current.root)) void useProject.getState().refresh();
  }, [docPath, savedAt, useProject]);
  if (!project) return error ? <p role="alert" className="project-error">{error}</p> : null;

  const open = async (relative: string, offset?: number, length = 0) => {
    const opened = await openFile(absoluteIn(project, relative));
    if (opened && offset !== undefined) requestAnimationFrame(() => stores.documentModel.reveal(offset, offset + length));
  };
  const notServed = new Set(project.manifests.filter((m) => m.inUse).flatMap((m) => m.notServed));
  const leftOff = new Set(project.networksLeftOff);
  const tool = project.tools.find((t) => t.name === selectedTool);
  const toolboxOpen = project.toolbox !== null && docPath === absoluteIn(project, project.toolbox.path) && analysis !== null;
  // What the editor's text (saved or not) breaks: tools the networks use that the toolbox no longer has.
  const names = new Set(analysis?.tools.map((t) => t.name));
  const breaking = toolboxOpen ? project.tools.filter((t) => t.origin !== 'default' && t.users.length > 0 && !names.has(t.name)) : [];

  /** Opens the project's toolbox and adds an entry for the tool (an edit in the editor: undo takes it back). */
  const addToToolbox = async (name: string) => {
    if (!project.toolbox || !(await openFile(absoluteIn(project, project.toolbox.path)))) return;
    const text = stores.useDocument.getState().text;
    stores.documentModel.applyEdits(insertKey(text, [], name, toolTemplate('coded')));
    stores.useAnalysis.getState().select(name);
  };

  return (
    <section className={`region project-region${collapse?.collapsed ? ' collapsed' : ''}`} aria-label="Project">
      <header className="region-header">
        {collapse && <CollapseToggle pane="project tree" collapsed={collapse.collapsed} onToggle={collapse.toggle} />}
        <h2 title={project.root}>Project: {project.root.split(/[\\/]/).pop()}</h2>
        <span className="status-spacer" />
        <button className="link" onClick={() => useProject.getState().close()} title="Close the project (the open file stays open)">
          Close
        </button>
      </header>
      {!collapse?.collapsed && (
        <>
      <p className="project-toolbox" aria-label="Toolbox in use">
        Toolbox in use:{' '}
        {project.toolbox ? (
          <>
            <button className="link" onClick={() => void open(project.toolbox!.path)}>
              {project.toolbox.path}
            </button>{' '}
            <span className="muted">(from {project.toolbox.from})</span>
          </>
        ) : (
          <span className="muted">the default toolbox only</span>
        )}
      </p>
      {project.warnings?.map((warning) => (
        <p key={warning} role="alert" className="project-error">
          {warning}
        </p>
      ))}
      {project.truncated && (
        <p role="alert" className="project-error">
          This folder holds too many files to read whole: only the first were read. Open the project's own folder.
        </p>
      )}
      {lastChange && (
        <div role="status" className="project-change">
          {lastChange.summary}{' '}
          <button onClick={() => void edits.undo(lastChange.undoId)}>Undo rename</button>
        </div>
      )}
      {edits.problem && (
        <p role="alert" className="project-error">
          {edits.problem}
        </p>
      )}
      {breaking.length > 0 && (
        <div role="alert" className="project-error" aria-label="Tools the networks still use">
          {breaking.map((t) => (
            <p key={t.name}>
              Without '{t.name}', {plural(t.users.length, 'agent')} break:{' '}
              {t.users.map((u) => `${u.network}:${u.line} (${u.agent})`).join(', ')}. Undo, or use Rename across the project.
            </p>
          ))}
        </div>
      )}
      <div className="project-body">
        <details open>
          <summary>Files ({project.files.length})</summary>
          {FILE_KINDS.map((kind) => {
            const files = project.files.filter((f) => f.kind === kind);
            if (files.length === 0) return null;
            return (
              <details key={kind} open={kind !== 'test-case' && kind !== 'other'} className="project-kind" aria-label={PLURAL[kind]}>
                <summary>
                  {PLURAL[kind]} ({files.length})
                </summary>
                <ul>
                  {files.map((f) => (
                    <li key={f.path} data-kind={f.kind}>
                      <button className="link" onClick={() => void open(f.path)} title={`${FILE_KIND_LABELS[f.kind]}: ${f.reason}`}>
                        {f.path}
                      </button>
                      {f.errors > 0 && <span className="badge error">{f.errors}</span>}
                      {f.warnings > 0 && <span className="badge warning">{f.warnings}</span>}
                      {f.hints > 0 && <span className="badge hint" title={plural(f.hints, 'hint')}>{f.hints}</span>}
                      {f.kind === 'manifest' && <ManifestSummary manifest={project.manifests.find((m) => m.path === f.path)} />}
                      {f.kind === 'network' && notServed.has(f.path) && <span className="muted"> not served</span>}
                      {f.kind === 'network' && !notServed.has(f.path) && leftOff.has(f.path) && <span className="muted"> in no manifest</span>}
                    </li>
                  ))}
                </ul>
              </details>
            );
          })}
        </details>
        <details open>
          <summary>Tools ({project.tools.length})</summary>
          <ul className="project-tools" role="listbox" aria-label="Project tools">
            {project.tools.map((t) => (
              <li key={t.name} role="option" aria-selected={t.name === selectedTool} onClick={() => setSelectedTool(t.name)}>
                {t.name} <span className="muted">used by {t.users.length}</span>
                {t.errors > 0 && <span className="badge error">{t.errors}</span>}
              </li>
            ))}
          </ul>
          {tool && (
            <div className="project-tool-users project-wrapping" aria-label={`Users of ${tool.name}`}>
              <p>
                <strong>{tool.name}</strong>{' '}
                {tool.origin !== 'default' && project.toolbox && (
                  <button onClick={() => setRenaming(tool.name)}>Rename across the project…</button>
                )}
              </p>
              {tool.users.length === 0 ? (
                <p className="muted">No agent of the project's networks uses it.</p>
              ) : (
                <ul>
                  {tool.users.map((u) => (
                    <li key={`${u.network}:${u.offset}`}>
                      <button className="link" onClick={() => void open(u.file, u.offset, u.length)}>
                        {u.network}:{u.line}
                      </button>{' '}
                      agent <code>{u.agent}</code>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </details>
        <McpServers
          mcp={project.mcp}
          listings={project.mcpListings}
          asking={asking}
          onList={(url) => void useProject.getState().listMcpTools(url)}
          onOpen={(file, offset, length) => void open(file, offset, length)}
          onOpenInfoFile={(file) => void open(file)}
          onTestRun={(pick, user) =>
            void (async () => {
              // The pane runs within an open file (its history and saved cases are kept beside it): without one, the
              // network that names the server opens.
              if (stores.useDocument.getState().status !== 'ready' && !(await openFile(absoluteIn(project, user.file)))) return;
              stores.useTestRun.getState().pickMcpTool(pick);
            })()
          }
        />
        {project.undefinedToolUsers.length > 0 && (
          <details open>
            <summary>Undefined tools ({project.undefinedToolUsers.length})</summary>
            <ul className="project-wrapping">
              {project.undefinedToolUsers.map((u) => (
                <li key={`${u.network}:${u.offset}`}>
                  <code>{u.tool}</code> in{' '}
                  <button className="link" onClick={() => void open(u.file, u.offset, u.length)}>
                    {u.network}:{u.line}
                  </button>{' '}
                  {project.toolbox && (
                    <button className="link" onClick={() => void addToToolbox(u.tool)}>
                      Add to the toolbox
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
        </>
      )}
      {renaming && (
        <RenameToolDialog
          project={project}
          tool={renaming}
          preview={(newName) => edits.preview(renaming, newName)}
          onApply={async (plan) => {
            if (await edits.apply(plan, renaming)) {
              setRenaming(null);
              setSelectedTool(plan.newName);
            }
          }}
          onCancel={() => setRenaming(null)}
        />
      )}
    </section>
  );
}

/** "in use · serves 12, leaves off 3": what a manifest does with the networks it lists. */
function ManifestSummary({ manifest }: { manifest: { inUse: boolean; served: string[]; notServed: string[] } | undefined }) {
  if (!manifest) return null;
  return (
    <span className="muted">
      {' '}
      {manifest.inUse ? 'in use · ' : ''}serves {manifest.served.length}
      {manifest.notServed.length > 0 ? `, leaves off ${manifest.notServed.length}` : ''}
    </span>
  );
}

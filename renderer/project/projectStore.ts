import { create } from 'zustand';
import type { ApiClient } from '../../shared/api/index';
import type { ProjectView } from '../../shared/api/index';
import { errorMessage } from '../../shared/errorMessage';
import type { FileKind } from '../../shared/project/fileKind';

export interface ProjectState {
  project: ProjectView | null;
  loading: boolean;
  error: string | null;
  /** The last rename applied, to undo as one step. */
  lastChange: { undoId: string; summary: string } | null;
  /** Kinds the user chose for files (project path → kind); the project is read again with them. */
  kindOverrides: Record<string, FileKind>;
  open(path: string): Promise<void>;
  setKind(file: string, kind: FileKind): Promise<void>;
  /** Reads the project again (after its files changed). */
  refresh(): Promise<void>;
  setLastChange(change: ProjectState['lastChange']): void;
  /** MCP servers being asked for their tools (by URL). */
  asking: string[];
  /** Asks one MCP server of the project for its tools (the user's action), then reads the project again. */
  listMcpTools(url: string): Promise<void>;
  close(): void;
}

export type ProjectStoreHook = ReturnType<typeof createProjectStore>;

/** The folder open as a neuro-san project (the project view); the document store still holds the one file edited. */
export function createProjectStore(api: ApiClient) {
  const store = create<ProjectState>()((set, get) => ({
    project: null,
    loading: false,
    error: null,
    lastChange: null,
    kindOverrides: {},
    open: async (path) => {
      set({ loading: true, error: null });
      try {
        const sameProject = get().project?.root === path;
        if (!sameProject) set({ kindOverrides: {} });
        set({ project: await api.invoke('project.open', { path, kindOverrides: get().kindOverrides }), loading: false });
      } catch (error) {
        set({ loading: false, error: `Could not open ${path} as a project: ${errorMessage(error)}` });
      }
    },
    refresh: async () => {
      const root = get().project?.root;
      if (root) await get().open(root);
    },
    setKind: async (file, kind) => {
      set({ kindOverrides: { ...get().kindOverrides, [file]: kind } });
      await get().refresh();
    },
    setLastChange: (lastChange) => set({ lastChange }),
    asking: [],
    listMcpTools: async (url) => {
      const root = get().project?.root;
      if (!root) return;
      set({ asking: [...get().asking, url] });
      try {
        await api.invoke('mcp.listTools', { root, url });
        // The answer is kept by the main side: reading the project again shows it, with the problems it revealed.
        await get().refresh();
      } catch (error) {
        set({ error: `Could not ask ${url}: ${errorMessage(error)}` });
      } finally {
        set({ asking: get().asking.filter((u) => u !== url) });
      }
    },
    close: () => set({ project: null, error: null, lastChange: null }),
  }));
  return store;
}

/** A project path (relative to the root) as an absolute one, in the root's separator style. */
export function absoluteIn(project: ProjectView, relative: string): string {
  if (/^([A-Za-z]:)?[\\/]/.test(relative)) return relative;
  const separator = project.root.includes('\\') && !project.root.includes('/') ? '\\' : '/';
  return `${project.root}${separator}${relative.split('/').join(separator)}`;
}

/** The project path of an absolute one, when it lies inside the project. */
export function relativeIn(project: ProjectView, absolute: string): string | undefined {
  const root = project.root.replace(/\\/g, '/').replace(/\/$/, '');
  const file = absolute.replace(/\\/g, '/');
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : undefined;
}

import { focusFirstShown } from '../ui/focusField';

/** The panes a command brings the focus to (the palette's "Focus the … pane"; the HOCON text's is its editor's). */
export type FocusablePane = 'tools' | 'project' | 'form' | 'catalog' | 'testRun' | 'problems';

const region = (name: string) => `section[aria-label="${name}"]`;

/**
 * Where the focus lands in each pane: the first of these that is on screen and can take it, chosen so that the pane's
 * own keys work at once — the tool list's arrows, Enter on a problem, the catalog's views, typing the run's arguments
 * (Ctrl+Enter runs), the text. The pane's last fallback is something in it that takes the focus.
 */
const TARGETS: Record<FocusablePane, readonly string[]> = {
  tools: [`${region('Tool list')} [role="listbox"][aria-label="Tools"]`, `${region('Tool list')} button`],
  project: [`${region('Project')} .project-toolbox button`, `${region('Project')} :is(summary, button)`],
  form: ['#panel-form [role="form"] :is(input, textarea, select)', '#panel-form [role="form"] button', '#tab-form'],
  catalog: [`${region('Catalog preview')} .catalog-views [aria-selected="true"]`, `${region('Catalog preview')} :is(summary, button, select)`],
  testRun: [`${region('Test run')} :is(.argument-form :is(input, select, textarea), [aria-label="Arguments JSON"])`, '#testrun-tool'],
  problems: [
    `${region('Problems')} .problem-row.active button.problem`,
    `${region('Problems')} button.problem`,
    `${region('Problems')} [aria-label="Filter problems by text"]`,
    `${region('Problems')} button`,
  ],
};

/** Moves the focus into the pane (shown first by the caller: unfolded, its tab chosen); resolves whether it did. */
export function focusPane(pane: FocusablePane): Promise<boolean> {
  return focusFirstShown(TARGETS[pane]);
}

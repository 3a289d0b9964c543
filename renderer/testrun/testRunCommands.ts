import type { Command } from '../commands/commandRegistry';

/**
 * What the Test run pane's commands do now, as the pane last drew it: each action is there only when it can run
 * (a tool chosen with arguments that make a request, saved cases, a run to save), else the command is greyed.
 */
export interface TestRunActions {
  /** Runs the chosen tool with the pane's inputs (its Run button, Ctrl+Enter in the pane). */
  run?(): void;
  /** Runs every saved case of the toolbox. */
  runAllCases?(): void;
  /** Opens "Save as test case" on the newest run of the chosen tool. */
  saveNewestRun?(): void;
}

/** The Test run pane's commands, registered by the pane while it is on screen; `live` reads its actions when run. */
export function testRunCommands(live: () => TestRunActions): Command[] {
  return [
    // Ctrl+Enter belongs to the pane (its fields): shown here, bound there.
    { id: 'testrun.run', title: 'Run the chosen tool', category: 'Test run', shortcuts: ['Mod+Enter'], keyScope: 'focus', enabled: () => live().run !== undefined, run: () => live().run?.() },
    { id: 'testrun.runAllCases', title: 'Run all saved cases', category: 'Test run', enabled: () => live().runAllCases !== undefined, run: () => live().runAllCases?.() },
    { id: 'testrun.saveCase', title: 'Save the newest run as a test case…', category: 'Test run', enabled: () => live().saveNewestRun !== undefined, run: () => live().saveNewestRun?.() },
  ];
}

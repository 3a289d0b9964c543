/** How long to wait for a tool's form to show (its detail comes with the next analysis answer) before giving up. */
const WAIT_MS = 2000;

/**
 * Focuses a form field of a tool (by its `data-field` name, see fieldRanges.formFieldAt) once that tool's form is
 * on screen, scrolled into view; a field that is a group (the args tree, the parameters) focuses its first control.
 * Resolves false when the form has no such field (a key the form does not show), so the caller can show the text.
 */
export function focusFormField(
  tool: string,
  field: string,
  options: {
    selectText?: boolean;
    /** A field just added: wait for it as for the form. */
    waitForField?: boolean;
    /** The field is drawn already (a layout effect of the render that enabled it): focused at once, not a frame later. */
    now?: boolean;
  } = {},
): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const attempt = () => {
      const form = document.querySelector(`#panel-form [data-tool="${CSS.escape(tool)}"]`);
      if (!form) {
        if (performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
        else resolve(false);
        return;
      }
      const host = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
      const target = host?.matches('input, textarea, select, button') ? host : host?.querySelector<HTMLElement>('input, textarea, select, button');
      if (!target) {
        if (options.waitForField && performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
        else resolve(false);
        return;
      }
      target.scrollIntoView({ block: 'center' });
      target.focus();
      if (options.selectText && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) target.select();
      resolve(true);
    };
    if (options.now) attempt();
    else requestAnimationFrame(attempt);
  });
}

/** How long a command waits for what it focuses to show (a pane unfolded, a tab shown, a button enabled). */
const SHOW_WAIT_MS = 1500;

/** Whether the element is drawn and can take the focus. */
const canFocus = (element: HTMLElement) => element.getClientRects().length > 0 && !(element as HTMLButtonElement).disabled;

/**
 * Focuses the first element matching one of `selectors` (in their order) that is on screen and can take the focus,
 * scrolled into view — once there is one: a command that shows a pane or a tab first focuses it as soon as it is
 * drawn. Resolves whether it did within a moment.
 */
export function focusFirstShown(selectors: readonly string[]): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const attempt = () => {
      for (const selector of selectors) {
        const target = [...document.querySelectorAll<HTMLElement>(selector)].find(canFocus);
        if (!target) continue;
        target.scrollIntoView({ block: 'nearest' });
        target.focus();
        if (document.activeElement === target) return resolve(true);
      }
      if (performance.now() - started < SHOW_WAIT_MS) requestAnimationFrame(attempt);
      else resolve(false);
    };
    requestAnimationFrame(attempt);
  });
}

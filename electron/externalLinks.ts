import { dialog, shell, type BrowserWindow } from 'electron';

/** Hosts the user has agreed to open during this run of the app. */
const confirmedHosts = new Set<string>();

/**
 * Opens a link in the user's browser: only http(s), and for a host not yet confirmed in this run, only after the user
 * says yes to the exact address (a link in a tool's description could point anywhere).
 */
export async function openExternalLink(url: string, window: BrowserWindow | null): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (!confirmedHosts.has(parsed.host)) {
    const options = {
      type: 'question' as const,
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      title: 'Open a link',
      message: `Open ${parsed.host} in your browser?`,
      detail: parsed.href,
    };
    const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
    if (response !== 0) return false;
    confirmedHosts.add(parsed.host);
  }
  await shell.openExternal(parsed.href);
  return true;
}

/**
 * Asking a project's MCP servers what they offer: one `tools/list` each, with the project's settings for it, kept as
 * listings (tools, or why there are none, and when). What the CLI's `--mcp` and the project view's "List tools" do.
 */
import type { McpListing, McpServerSettings } from '../../shared/mcp/index';
import { listServerTools, McpUnreachable, reasonOf, type McpCallOptions } from './mcpClient';

/** One server's listing: never throws (a failure is a listing with the reason). */
export async function askServer(url: string, settings: McpServerSettings | undefined, options: McpCallOptions = {}): Promise<McpListing> {
  try {
    const tools = await listServerTools(url, settings, options);
    return { url, readAt: Date.now(), ok: true, tools };
  } catch (error) {
    return { url, readAt: Date.now(), ok: false, error: error instanceof McpUnreachable ? error.message : reasonOf(error) };
  }
}

/** Every server at once, by URL. */
export async function askServers(urls: readonly string[], settings: ReadonlyMap<string, McpServerSettings>, options: McpCallOptions = {}): Promise<Map<string, McpListing>> {
  const listings = await Promise.all(urls.map((url) => askServer(url, settings.get(url), options)));
  return new Map(listings.map((l) => [l.url, l]));
}

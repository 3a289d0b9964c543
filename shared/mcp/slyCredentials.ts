/*
 * neuro-san reads MCP credentials from sly_data too (`http_headers[url]`, `mcp_client_info[url]`, `mcp_tokens[url]`),
 * where they win over the MCP info file's. A run's sly_data is kept (history, saved cases, "Copy as CLI"): these
 * values never are. What is kept says what was there and where credentials belong instead.
 */

/** The sly_data keys whose values are MCP credentials, per server URL. */
export const SLY_CREDENTIAL_KEYS = ['http_headers', 'mcp_client_info', 'mcp_tokens'] as const;

/** What replaces a credential in what is kept. */
export const REDACTED = '<not kept: give it as ${VAR} in the MCP info file>';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * sly_data without MCP credentials: each value under those keys replaced by REDACTED (names and URLs kept). `found`
 * says whether there was any, for the user to be told.
 */
export function withoutSlyCredentials<T extends { [key: string]: unknown }>(slyData: T): { slyData: T; found: boolean } {
  let found = false;
  const out: { [key: string]: unknown } = { ...slyData };
  for (const key of SLY_CREDENTIAL_KEYS) {
    const perUrl = slyData[key];
    if (perUrl === undefined) continue;
    found = true;
    if (!isObject(perUrl)) {
      out[key] = REDACTED;
      continue;
    }
    out[key] = Object.fromEntries(
      Object.entries(perUrl).map(([url, values]) => [url, isObject(values) ? Object.fromEntries(Object.keys(values).map((name) => [name, REDACTED])) : REDACTED]),
    );
  }
  return { slyData: out as T, found };
}

import { describe, expect, it } from 'vitest';
import { REDACTED, withoutSlyCredentials } from './slyCredentials';

describe('sly_data kept without MCP credentials', () => {
  it('replaces every value under http_headers, mcp_client_info and mcp_tokens, keeping the names', () => {
    const slyData = {
      user: 'ada',
      http_headers: { 'https://x/mcp': { Authorization: 'Bearer secret-1' } },
      mcp_client_info: { 'https://y/mcp': { client_id: 'id', client_secret: 'secret-2' } },
      mcp_tokens: 'secret-3',
    };
    const kept = withoutSlyCredentials(slyData);
    expect(kept.found).toBe(true);
    expect(kept.slyData).toEqual({
      user: 'ada',
      http_headers: { 'https://x/mcp': { Authorization: REDACTED } },
      mcp_client_info: { 'https://y/mcp': { client_id: REDACTED, client_secret: REDACTED } },
      mcp_tokens: REDACTED,
    });
    expect(JSON.stringify(kept)).not.toMatch(/secret-/);
    expect(slyData.http_headers['https://x/mcp'].Authorization).toBe('Bearer secret-1');
    expect(withoutSlyCredentials({ calls: 1 })).toEqual({ slyData: { calls: 1 }, found: false });
  });
});

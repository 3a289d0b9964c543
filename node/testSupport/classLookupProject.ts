import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appRoot } from '../paths';

/**
 * For tests: a copy of fixtures/versions/class_lookup (AGENT_TOOL_PATH=coded_tools; four ways to name a coded class)
 * pinning neuro-san==`pin`, in a new temporary folder the caller removes.
 */
export function classLookupProject(pin: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tbe-class-lookup-'));
  cpSync(path.join(appRoot(), 'fixtures', 'versions', 'class_lookup'), dir, { recursive: true, filter: (from) => path.basename(from) !== '__pycache__' });
  writeFileSync(path.join(dir, 'requirements.txt'), `neuro-san==${pin}\n`);
  return dir;
}

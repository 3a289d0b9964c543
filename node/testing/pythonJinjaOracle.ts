/** Test support: renders templates with python3 + jinja2 (the reference) for the engine's comparison tests. */
/**
 * Renders templates with the real thing — python3 + jinja2 — in one batch per process, for tests that compare our
 * bytes with Python's. Contexts travel as ensure_ascii JSON written by our own json.dumps (so ints, floats and lone
 * surrogates arrive exactly); results come back the same way.
 */
import { spawnSync } from 'node:child_process';
import { jsonDumps } from '../../shared/pyvalue/jsonDumps';
import { readJson } from '../../shared/pyvalue/jsonRead';
import type { PyValue } from '../../shared/pyvalue/types';
import type { KeyOrder } from '../../shared/jinja/environment';

export interface OracleJob {
  template: string;
  context: Map<string, PyValue>;
  keyOrder: KeyOrder;
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
}

export type OracleResult = { ok: true; text: string } | { ok: false; error: string };

const SCRIPT = String.raw`
import json, sys, jinja2
jobs = json.loads(sys.stdin.read())
out = []
envs = {}
compiled = {}
for job in jobs:
    key = (job["order"], job["trim"], job["lstrip"])
    if key not in envs:
        envs[key] = jinja2.Environment(trim_blocks=job["trim"], lstrip_blocks=job["lstrip"])
        if job["order"] == "insertion":
            envs[key].policies["json.dumps_kwargs"] = {}
    try:
        if (key, job["template"]) not in compiled:
            compiled[(key, job["template"])] = envs[key].from_string(job["template"])
        template = compiled[(key, job["template"])]
        out.append({"ok": True, "text": template.render(**json.loads(job["context"]))})
    except Exception as e:
        out.append({"ok": False, "error": type(e).__name__ + ": " + str(e)})
sys.stdout.write(json.dumps(out))
`;

export function renderWithPython(jobs: OracleJob[]): OracleResult[] {
  const payload = jobs.map((j) => ({
    template: j.template,
    context: jsonDumps(j.context, { sortKeys: false, htmlSafe: false }),
    order: j.keyOrder,
    trim: j.trimBlocks ?? false,
    lstrip: j.lstripBlocks ?? false,
  }));
  // Our own writer for the envelope too: lone surrogates in templates must survive the trip.
  const input = jsonDumps(toPy(payload), { sortKeys: false, htmlSafe: false });
  const run = spawnSync('python3', ['-c', SCRIPT], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  const parsed = readJson(run.stdout);
  if (!parsed.ok) throw new Error(`bad oracle output: ${parsed.error.message}`);
  return (parsed.value as Map<string, PyValue>[]).map((r) =>
    r.get('ok') === true ? { ok: true, text: r.get('text') as string } : { ok: false, error: r.get('error') as string },
  );
}

function toPy(v: unknown): PyValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(toPy);
  return new Map(Object.entries(v as object).map(([k, x]) => [k, toPy(x)]));
}

/**
 * V8 flags the CLI sets for itself before its bundle is compiled (launch.ts): a smaller budget for TurboFan's
 * inlining (defaults 460 and 920 bytes of bytecode).
 *
 * Why: a command lasts from a tenth of a second to a few seconds, and most of V8's optimizing happens on background
 * threads while it runs. With the default budgets those compiles were ~40% of `validate DIR`'s CPU on
 * neuro-san-studio, and on a 2-core machine they take the core the command runs on (perf sched: the main thread
 * was runnable, not running, ~80 ms a run). Inlining less makes each compile much cheaper while the code it makes
 * is barely slower. Measured on a 2-core machine (paired rounds, flags vs none): studio's 186 files wall 0.93,
 * CPU 0.88, main thread 1.03; 4 × 34 real projects (a 3.4 s run) wall 0.92, CPU 0.84, main thread 0.96. No inlining
 * at all was better on studio (wall 0.88) but worse on the long run (wall 1.06, main thread 1.15); 30/60 bytes the
 * same (wall 0.90 and 0.97, main thread 1.07 on the long run).
 */
const SMALLER_INLINING = '--max-inlined-bytecode-size=60 --max-inlined-bytecode-size-cumulative=120';

/**
 * The flags for the V8 in use (`process.versions.v8`): only for the V8 they were measured on (11, Node 20). Another
 * V8 tiers up otherwise (Maglev, on by default from V8 12), so the trade may differ; and V8 prints an error on
 * every start for a flag it does not know. Empty: V8's defaults.
 */
export function cliV8Flags(v8Version: string): string {
  return /^11\./.test(v8Version) ? SMALLER_INLINING : '';
}

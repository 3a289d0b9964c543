import fc from 'fast-check';

// Property tests explore new random cases on every developer run; in CI they replay one fixed sequence, so a landing
// never depends on luck. fast-check prints the seed of any failure; replay it with FAST_CHECK_SEED=<seed>.
const seed = process.env.FAST_CHECK_SEED ?? (process.env.CI ? '20261122' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });

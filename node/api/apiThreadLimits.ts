/**
 * The API thread's heap settings (see apiThread.ts), in a module of their own so the benchmarks measure with
 * exactly what the app uses.
 *
 * Re-reading a 5,000-tool file makes ~20 MB of values that live until the next keystroke. In V8's default young
 * generation (16 MB semi-spaces) they are copied by the scavenger two or three times before they die; in a 192 MB
 * one (64 MB semi-spaces) most of them die young and are never copied. V8 grows the young generation only as far as
 * the work needs, so small files do not pay for it.
 */
export const API_THREAD_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 192 } as const;

// Preload: filled in by the foundation work.
export {};

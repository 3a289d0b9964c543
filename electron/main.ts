// Electron main process: filled in by the foundation work.
export {};

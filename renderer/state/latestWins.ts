/**
 * "Latest request wins": each request started takes a ticket, and only the latest ticket's answer may be applied,
 * so a slow answer never overwrites a newer one. `invalidate` makes every ticket handed out so far stale (the
 * document was closed, another file opened).
 */
export function latestWins() {
  let latest = 0;
  return {
    /** A new request: the function says whether it is still the latest when its answer comes. */
    start(): () => boolean {
      const mine = ++latest;
      return () => mine === latest;
    },
    invalidate(): void {
      latest++;
    },
  };
}

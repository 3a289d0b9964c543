/** A count with its noun: `1 error`, `2 errors`, `0 warnings` (the nouns counted here all take a plain -s). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

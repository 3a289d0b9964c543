/** Where `k` goes in `list` (ascending) to keep it sorted: the place of the first number not below it. */
export function sortedIndex(list: readonly number[], k: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

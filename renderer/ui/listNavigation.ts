/** The index to select after a navigation key, or undefined when the key does not navigate. */
export function navigate(key: string, current: number, count: number, pageSize: number): number | undefined {
  if (count === 0) return undefined;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(current < 0 ? 0 : current + 1);
    case 'ArrowUp':
      return clamp(current < 0 ? 0 : current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(current + pageSize);
    case 'PageUp':
      return clamp(current - pageSize);
    default:
      return undefined;
  }
}

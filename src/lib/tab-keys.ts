/**
 * The WAI-ARIA tabs keyboard rule: the tab a key moves to from `index` among `count` tabs
 * (arrows wrap around; Home and End go to the ends), or null for any other key.
 */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  if (key === 'ArrowRight') return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

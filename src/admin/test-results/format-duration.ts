// docs/product.md §2 "Admin test results": durations under 1000 ms in milliseconds, otherwise in seconds
// with one decimal.

/** `850 ms`, `1.5 s`, `72.0 s`; '—' when a run has no duration. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const whole = Math.round(ms);
  return whole < 1000 ? `${whole} ms` : `${(whole / 1000).toFixed(1)} s`;
}

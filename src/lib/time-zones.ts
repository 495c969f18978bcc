/**
 * The time zones a screen offers: every zone this server knows, UTC first, and `current` too should
 * this server not list it. The browser's list may differ, so pages send the server's.
 */
export function timeZoneChoices(current: string): string[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones.includes(current) ? zones : [current, ...zones];
}

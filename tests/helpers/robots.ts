// Reads robots.txt as a crawler does, to check which paths it may fetch.
/**
 * RFC 9309 for the `*` group: the longest matching Allow/Disallow rule wins, Allow on a tie
 * (`*` matches any characters, `$` ends the path).
 */
export function robotsAllows(robots: string, path: string): boolean {
  let group = false;
  let best: { length: number; allow: boolean } | undefined;
  for (const line of robots.split('\n')) {
    const [field = '', ...rest] = line.replace(/#.*/, '').split(':');
    const name = field.trim().toLowerCase();
    const value = rest.join(':').trim();
    if (name === 'user-agent') group = value === '*';
    if (!group || (name !== 'allow' && name !== 'disallow') || !value) continue;
    const pattern = new RegExp(
      `^${value
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\\\$$/, '$')}`,
    );
    if (!pattern.test(path)) continue;
    const allow = name === 'allow';
    if (!best || value.length > best.length || (value.length === best.length && allow)) best = { length: value.length, allow };
  }
  return best?.allow ?? true;
}

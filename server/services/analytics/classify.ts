import { getCountryForTimezone } from 'countries-and-timezones';

// What a page view says about its visitor, from the request alone: no lookup, nothing stored
// on the visitor's device.

// Crawlers, link previews, monitors and scripts: their views are not readers'.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|curl\/|wget\/|python|httpclient|go-http|java\/|okhttp|axios|node-fetch|undici|phantomjs|puppeteer|playwright|selenium/i;

export const isBot = (userAgent: string) => userAgent.trim() === '' || BOT.test(userAgent);

export type Device = 'mobile' | 'tablet' | 'desktop';

export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The browser's family; the order matters (Edge and Opera also say Chrome, Chrome also says Safari). */
export function browserOf(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

/** The host of a referrer from another site, or null (none, this site, or not a web address). */
export function referrerHost(referrer: string | undefined, siteHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/^www\./, '').toLowerCase();
    return host === siteHost.replace(/^www\./, '').toLowerCase() ? null : host;
  } catch {
    return null;
  }
}

/** The country of an IANA time zone (Europe/London → GB), or null: the visitor's own setting, no IP lookup. */
export function countryOf(timeZone: string | undefined): string | null {
  if (!timeZone) return null;
  return getCountryForTimezone(timeZone)?.id ?? null;
}

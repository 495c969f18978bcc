// A time zone as people read it (issue 32 §3): "Eastern Time — New York", the zone's generic name
// from Intl and the city of its IANA name. /book and the booking emails both say it this way, so a
// visitor finds the same words on the page and in their inbox. Pure Intl: the browser and the
// server share this file, and nothing of a time-zone library reaches the browser.

const cache = new Map<string, string>();

/** The site's words are English, so is a zone's name: the reader's own English (en-GB, en-AU), else plain 'en'. */
const englishLocale = (locale: string) => (/^en(-|$)/i.test(locale) ? locale : 'en');

/** Intl's generic name of the zone ("Eastern Time", "Japan Standard Time", "GMT-05:00"). */
function genericName(timeZone: string, locale: string): string | undefined {
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
}

// Cities renamed since their zone was named. Browsers list (and report) CLDR's canonical names,
// which keep the old ones: Chromium says Asia/Calcutta for a visitor in Kolkata.
const RENAMED: Record<string, string> = {
  Asmera: 'Asmara',
  Calcutta: 'Kolkata',
  Coral_Harbour: 'Atikokan',
  Enderbury: 'Kanton',
  Faeroe: 'Faroe',
  Godthab: 'Nuuk',
  Katmandu: 'Kathmandu',
  Kiev: 'Kyiv',
  Ponape: 'Pohnpei',
  Rangoon: 'Yangon',
  Saigon: 'Ho Chi Minh',
  Truk: 'Chuuk',
};

/** The city an IANA name ends with ("America/Argentina/Buenos_Aires" → "Buenos Aires"), by its name today; none for "UTC" or "Etc/GMT+5". */
function cityOf(timeZone: string): string | null {
  if (!timeZone.includes('/') || timeZone.startsWith('Etc/')) return null;
  const city = timeZone.slice(timeZone.lastIndexOf('/') + 1);
  return (RENAMED[city] ?? city).replaceAll('_', ' ');
}

/**
 * "Eastern Time — New York" for America/New_York; "Moscow Standard Time" when the name already says
 * the city; "UTC" for UTC; the IANA name with spaces where the engine cannot name the zone.
 */
export function timeZoneName(timeZone: string, locale = 'en'): string {
  const key = `${locale}|${timeZone}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let name: string;
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') name = 'UTC';
  else {
    const city = cityOf(timeZone);
    let generic: string | undefined;
    try {
      generic = genericName(timeZone, englishLocale(locale));
    } catch {
      generic = undefined;
    }
    if (!generic) name = timeZone.replaceAll('_', ' ');
    else name = city && !generic.includes(city) ? `${generic} — ${city}` : generic;
  }
  cache.set(key, name);
  return name;
}

// The browser and system a session was made in, in words for the account page's list of sessions.
// A small reader of the common User-Agent strings, not a full parser: anything else is 'Unknown'.

export const USER_AGENT_MAX = 512;

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bVivaldi\/(\d+)/, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome 126" and "macOS"; "Unknown browser" / "Unknown system" when the string says nothing known. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; os: string } {
  const ua = userAgent ?? '';
  let browser = 'Unknown browser';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown system';
  return { browser, os };
}

/** What is stored of a request's User-Agent: at most 512 characters, none if absent. */
export const storedUserAgent = (userAgent: string | null | undefined) => (userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null);

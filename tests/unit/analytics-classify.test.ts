import { describe, expect, test } from 'bun:test';
import { browserOf, countryOf, deviceOf, isBot, referrerHost } from '#server/services/analytics/classify.ts';

const AGENTS = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
};

describe('page-view classification', () => {
  test('readers are not bots; crawlers, previews, headless browsers and scripts are', () => {
    for (const agent of Object.values(AGENTS)) expect(isBot(agent)).toBe(false);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      AGENTS.chromeMac.replace('Chrome/', 'HeadlessChrome/'),
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.32.3',
      '',
    ]) {
      expect({ agent, bot: isBot(agent) }).toEqual({ agent, bot: true });
    }
  });

  test('devices and browsers', () => {
    expect(Object.values(AGENTS).map(deviceOf)).toEqual([
      'desktop',
      'desktop',
      'desktop',
      'mobile',
      'tablet',
      'mobile',
      'tablet',
      'mobile',
    ]);
    expect(Object.values(AGENTS).map(browserOf)).toEqual([
      'Chrome',
      'Edge',
      'Firefox',
      'Safari',
      'Safari',
      'Chrome',
      'Chrome',
      'Samsung Internet',
    ]);
  });

  test('a referrer counts by its host, only from another site', () => {
    expect(referrerHost('https://www.linkedin.com/feed/update/1', 'coach.example')).toBe('linkedin.com');
    expect(referrerHost('https://news.example/a?b=c', 'coach.example')).toBe('news.example');
    expect(referrerHost('https://coach.example/blog', 'coach.example')).toBeNull();
    expect(referrerHost('https://www.coach.example/blog', 'coach.example')).toBeNull();
    expect(referrerHost('android-app://com.slack', 'coach.example')).toBeNull();
    expect(referrerHost('not a url', 'coach.example')).toBeNull();
    expect(referrerHost('', 'coach.example')).toBeNull();
  });

  test("a country from the visitor's time zone, without any address lookup", () => {
    expect(countryOf('Europe/London')).toBe('GB');
    expect(countryOf('America/New_York')).toBe('US');
    expect(countryOf('Asia/Kolkata')).toBe('IN');
    expect(countryOf('UTC')).toBeNull();
    expect(countryOf('Mars/Olympus')).toBeNull();
    expect(countryOf(undefined)).toBeNull();
  });
});

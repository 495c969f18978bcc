import { describe, expect, test } from 'bun:test';
import { timeZoneName } from '#src/lib/time-zone-name.ts';

describe('timeZoneName', () => {
  test("names a zone by Intl's generic name and the city of its IANA name", () => {
    expect(timeZoneName('America/New_York')).toBe('Eastern Time — New York');
    expect(timeZoneName('America/Los_Angeles', 'en-US')).toBe('Pacific Time — Los Angeles');
    expect(timeZoneName('Europe/London', 'en-GB')).toBe('United Kingdom Time — London');
    expect(timeZoneName('Asia/Tokyo')).toBe('Japan Standard Time — Tokyo');
    // The city of a three-part name is its last part.
    expect(timeZoneName('America/Argentina/Buenos_Aires')).toBe('Argentina Standard Time — Buenos Aires');
  });

  test('the generic name, true all year: never "Eastern Daylight Time" or "Eastern Standard Time"', () => {
    expect(timeZoneName('America/New_York')).not.toMatch(/Standard|Daylight/);
  });

  test("a city by today's name where the browser's zone keeps the old one", () => {
    expect(timeZoneName('Asia/Calcutta')).toBe('India Standard Time — Kolkata');
    expect(timeZoneName('Asia/Kolkata')).toBe('India Standard Time — Kolkata');
    expect(timeZoneName('Europe/Kiev')).toBe(timeZoneName('Europe/Kyiv'));
    expect(timeZoneName('Asia/Saigon')).toMatch(/ — Ho Chi Minh$/);
  });

  test('a name that already says the city does not repeat it; zones without a city are named alone', () => {
    expect(timeZoneName('Europe/Moscow')).toBe('Moscow Standard Time');
    expect(timeZoneName('UTC')).toBe('UTC');
    expect(timeZoneName('Etc/UTC')).toBe('UTC');
    expect(timeZoneName('Etc/GMT+5')).toBe('GMT-05:00');
  });

  test("in English whatever the reader's language, as the page and the emails around it", () => {
    expect(timeZoneName('America/New_York', 'de-DE')).toBe('Eastern Time — New York');
    expect(timeZoneName('America/New_York', 'fr')).toBe('Eastern Time — New York');
  });

  test('a name the engine cannot resolve is shown as the IANA name, readable', () => {
    expect(timeZoneName('Not/A_Zone')).toBe('Not/A Zone');
  });
});

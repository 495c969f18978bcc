import { describe, expect, test } from 'bun:test';
import { legalDocument, type SiteFacts } from '#src/config/legal-content.ts';

// The privacy policy is written from what the site has switched on: a section or a sentence for a
// feature that is off would describe data the site does not collect.

const OFF: SiteFacts = {
  newsletter: false,
  booking: false,
  thirdPartyAnalytics: null,
  contactNetworkDays: 30,
  contactMessageDays: null,
  bookingTopicDays: 90,
  calendarsRead: false,
  bookingCalendarHost: null,
};
const policy = (facts: Partial<SiteFacts> = {}) =>
  legalDocument('privacy', { name: 'Summit', contactEmail: 'coach@example.com', facts: { ...OFF, ...facts } });
const text = (doc: ReturnType<typeof policy>) => JSON.stringify(doc.sections);

describe('the privacy policy', () => {
  test('a fresh site: contact messages and cookieless page views only, no newsletter, no calls, no third party', () => {
    const doc = policy();
    expect(doc.sections.map((section) => section.id)).toEqual([
      'who-we-are',
      'what-we-collect',
      'page-views',
      'how-we-use-it',
      'sharing',
      'retention',
      'security',
      'your-rights',
      'young-people',
      'cookies',
      'changes',
    ]);
    expect(text(doc)).not.toMatch(/newsletter|intro call/i);
    expect(text(doc)).toContain('No analytics or advertising company receives anything from this site.');
    expect(doc.sections.find((section) => section.id === 'retention')!.list).toEqual([
      'The IP address and user agent of a contact message are deleted after 30 days.',
      'A contact message is kept for as long as we need it to deal with your enquiry and any coaching relationship that follows, and then deleted.',
      'Individual page views are kept for 30 days; after that only each day’s totals remain. The anti-spam counters expire on their own after a few minutes.',
    ]);
  });

  test('each feature switched on adds what it collects and how long it is kept', () => {
    const doc = policy({
      newsletter: true,
      booking: true,
      thirdPartyAnalytics: 'plausible.example',
      contactNetworkDays: 7,
      contactMessageDays: 365,
      bookingTopicDays: 1,
    });
    const ids = doc.sections.map((section) => section.id);
    expect(ids.slice(1, 5)).toEqual(['what-we-collect', 'newsletter', 'intro-calls', 'page-views']);
    expect(text(doc)).toContain('Page views are also sent to an analytics service at plausible.example');
    expect(doc.sections.find((section) => section.id === 'retention')!.list).toEqual([
      'The IP address and user agent of a contact message are deleted after 7 days.',
      'A contact message is deleted 365 days after it was sent.',
      'A newsletter signup that is not confirmed within 7 days is deleted; a subscription is kept until you unsubscribe or ask us to delete it.',
      'What you wrote about an intro call is deleted 1 day after the call.',
      'Individual page views are kept for 30 days; after that only each day’s totals remain. The anti-spam counters expire on their own after a few minutes.',
    ]);
  });

  test('connected calendars: what is read from the coach’s calendars, and where a booking is also kept', () => {
    const intro = (doc: ReturnType<typeof policy>) => doc.sections.find((section) => section.id === 'intro-calls')!.paragraphs ?? [];
    expect(intro(policy({ booking: true }))).toHaveLength(1);
    expect(intro(policy({ booking: true, calendarsRead: true, bookingCalendarHost: 'caldav.fastmail.com' })).slice(1)).toEqual([
      'The booking (its time, your name, e-mail address and what you would like to talk about) is also added to our own calendar, kept at caldav.fastmail.com.',
      'To offer only times we are free, the site reads from our own calendars when we are busy: only when, never what or with whom.',
    ]);
    expect(text(policy({ calendarsRead: true, bookingCalendarHost: 'caldav.fastmail.com' }))).not.toMatch(/calendar/i);
  });
});

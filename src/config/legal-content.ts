// The text of /privacy, /terms and /cookies (docs/product.md §2 "Legal page": content not shown, so written
// here for what this site really does). The brand name and contact e-mail come from the coach's
// settings (/admin/settings), so every document is built from them at request time. A fresh site
// shows these; the coach may replace them with their own (Admin → Pages).

import type { LegalPart } from '#src/schemas/site-content/legal-parts.ts';

/** Shown on every legal page; change it whenever any of the documents below changes. */
export const LEGAL_LAST_UPDATED = '2026-11-25';

export type LegalKind = 'privacy' | 'terms' | 'cookies';

export interface LegalDocument {
  kind: LegalKind;
  path: `/${LegalKind}`;
  title: string;
  /** One sentence, used as the meta description. */
  description: string;
  sections: LegalPart[];
}

export const LEGAL_TITLES: Record<LegalKind, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  cookies: 'Cookie Policy',
};

/** The plain-language summary under each title on a fresh site (the coach's to change). */
export const LEGAL_SUMMARIES: Record<LegalKind, string> = {
  privacy:
    'We collect only what we need to answer you, run what you sign up for and keep this website safe. We never sell your information or use it for advertising.',
  terms:
    'Use the site fairly, treat the articles as general guidance rather than professional advice, and expect any coaching work to be agreed separately in writing.',
  cookies:
    'Reading this website sets no cookies. The only cookies we use keep administrators signed in safely, and we use no advertising or tracking cookies.',
};

export interface LegalSite {
  name: string;
  contactEmail: string;
  /** What is switched on and kept how long: the privacy policy describes exactly this. */
  facts: SiteFacts;
}

export interface SiteFacts {
  newsletter: boolean;
  booking: boolean;
  /** The host page views are also sent to, when a third-party analytics service is configured. */
  thirdPartyAnalytics: string | null;
  contactNetworkDays: number;
  /** null: contact messages are kept until deleted by hand. */
  contactMessageDays: number | null;
  bookingTopicDays: number;
  /** The coach's own calendars are read for busy times (issue 34). */
  calendarsRead: boolean;
  /** The host of the calendar bookings are written into, which then holds them too; null: none is. */
  bookingCalendarHost: string | null;
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

function privacy({ name, contactEmail, facts }: LegalSite): LegalDocument {
  const collected: LegalPart[] = [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: ['When you send us a message through the contact form, we store:'],
      list: [
        'your name and e-mail address, so we can reply to you;',
        'the subject (if you give one) and the message itself;',
        'the IP address your message came from and your browser’s user agent (a short description of the browser and device), so we can recognize and block spam and abuse;',
        'the date and time the message was sent.',
      ],
      after:
        'To stop the forms being flooded, we also keep short-lived counters tied to your IP address that limit how many messages can be sent within a few minutes.',
    },
  ];
  if (facts.newsletter) {
    collected.push({
      id: 'newsletter',
      heading: 'The newsletter',
      paragraphs: [
        'If you sign up for the newsletter, we store your e-mail address, the name you give (optional), where on the site you signed up, when you confirmed and, if you leave, when you unsubscribed, and which newsletters were sent to you. You are only added after you confirm through the link we e-mail you; every newsletter has a one-click unsubscribe link.',
      ],
    });
  }
  if (facts.booking) {
    collected.push({
      id: 'intro-calls',
      heading: 'Intro calls',
      paragraphs: [
        'If you book an intro call, we store your name, e-mail address, what you would like to talk about, your time zone and the time of the call, and send you (and us) a calendar invitation and a reminder.',
        ...(facts.bookingCalendarHost
          ? [
              `The booking (its time, your name, e-mail address and what you would like to talk about) is also added to our own calendar, kept at ${facts.bookingCalendarHost}.`,
            ]
          : []),
        ...(facts.calendarsRead
          ? ['To offer only times we are free, the site reads from our own calendars when we are busy: only when, never what or with whom.']
          : []),
      ],
    });
  }
  collected.push({
    id: 'page-views',
    heading: 'Page views',
    paragraphs: [
      'To know which articles are read, the site counts page views itself, without cookies and without storing anything on your device: the page, the page you came from, your country (worked out from your browser’s time zone), the type of device and browser. To tell visits apart for one day, we use a one-way fingerprint of your IP address and browser mixed with a secret that changes every day; your IP address itself is never stored. If your browser sends Do Not Track or Global Privacy Control, nothing is counted.',
      ...(facts.thirdPartyAnalytics
        ? [
            `Page views are also sent to an analytics service at ${facts.thirdPartyAnalytics}, which receives the page visited, the referring page and your browser type.`,
          ]
        : []),
    ],
  });

  const kept = [
    `The IP address and user agent of a contact message are deleted after ${days(facts.contactNetworkDays)}.`,
    facts.contactMessageDays === null
      ? 'A contact message is kept for as long as we need it to deal with your enquiry and any coaching relationship that follows, and then deleted.'
      : `A contact message is deleted ${days(facts.contactMessageDays)} after it was sent.`,
    ...(facts.newsletter
      ? [
          'A newsletter signup that is not confirmed within 7 days is deleted; a subscription is kept until you unsubscribe or ask us to delete it.',
        ]
      : []),
    ...(facts.booking ? [`What you wrote about an intro call is deleted ${days(facts.bookingTopicDays)} after the call.`] : []),
    'Individual page views are kept for 30 days; after that only each day’s totals remain. The anti-spam counters expire on their own after a few minutes.',
  ];

  return {
    kind: 'privacy',
    path: '/privacy',
    title: LEGAL_TITLES.privacy,
    description: `How ${name} collects, uses and protects the personal information you share through this website.`,
    sections: [
      {
        id: 'who-we-are',
        heading: 'Who we are',
        paragraphs: [
          `${name} is a small coaching business. This policy explains what personal information this website collects, why, and what choices you have. “We”, “us” and “our” mean ${name}; “you” means anyone who visits the site.`,
          `We are responsible for the personal information described here. If you have any question about it, write to ${contactEmail}.`,
        ],
      },
      ...collected,
      {
        id: 'how-we-use-it',
        heading: 'How we use your information',
        list: [
          'to read and answer your message, and to follow up on the conversation you started;',
          ...(facts.newsletter ? ['to send you the newsletter you asked for;'] : []),
          ...(facts.booking ? ['to hold the intro call you booked, and to remind you of it;'] : []),
          'to understand which pages are read, in totals only;',
          'to protect the website and our inbox from spam, abuse and attacks;',
          'to meet our legal obligations, for example keeping records we are required to keep.',
        ],
        after: `We do not sell your information and we do not use it for advertising. We rely on our legitimate interest in answering the people who contact us and in keeping the site secure, ${facts.newsletter ? 'on your consent for the newsletter, ' : ''}and, where you ask about coaching, on taking the steps you request before any agreement is made.`,
      },
      {
        id: 'sharing',
        heading: 'Who we share it with',
        paragraphs: [
          'Only the people who run this business can read what you send us. We use a hosting provider to run the website and store its data, and an e-mail provider to deliver the e-mails the site sends; they process that data on our behalf and may not use it for anything else.',
          facts.thirdPartyAnalytics
            ? `Page views are also reported to the analytics service at ${facts.thirdPartyAnalytics}, as described above. Apart from that, we share personal information only when the law requires it.`
            : 'No analytics or advertising company receives anything from this site. We share personal information only when the law requires it.',
        ],
      },
      { id: 'retention', heading: 'How long we keep it', list: kept },
      {
        id: 'security',
        heading: 'How we protect it',
        paragraphs: [
          'The website is served over an encrypted connection. What you send is visible only in a password-protected admin area, passwords are stored only in hashed form, and access is limited to the people who need it. No system is perfectly secure, but we take reasonable care and will act promptly if something goes wrong.',
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your rights',
        paragraphs: ['Depending on where you live, you may have the right to:'],
        list: [
          'ask for a copy of the personal information we hold about you (we can send it as one file);',
          'ask us to correct it if it is wrong;',
          'ask us to delete it (we delete everything held under your e-mail address at once);',
          'object to, or ask us to limit, how we use it.',
        ],
        after: `To make a request, e-mail ${contactEmail}. We will answer within one month. If you are unhappy with our answer, you can also complain to your local data protection authority.`,
      },
      {
        id: 'young-people',
        heading: 'Young people',
        paragraphs: [
          'We coach students and teens as well as adults. If you are under 16, please ask a parent or guardian before sending us a message; coaching for anyone under 18 is always arranged with a parent or guardian.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies',
        paragraphs: [
          'Visitors to the public pages receive no cookies from us. The admin area uses strictly necessary cookies to keep administrators signed in. Our Cookie Policy explains this in full.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        paragraphs: [
          'This page is written from what the site actually has switched on, so it changes when a feature is turned on or off. If we change how we handle personal information in other ways, we will update this page and the “Last updated” date at the top.',
        ],
      },
    ],
  };
}

function terms({ name, contactEmail }: LegalSite): LegalDocument {
  return {
    kind: 'terms',
    path: '/terms',
    title: LEGAL_TITLES.terms,
    description: `The terms that apply when you use the ${name} website, its articles and its contact form.`,
    sections: [
      {
        id: 'about-these-terms',
        heading: 'About these terms',
        paragraphs: [
          `These terms apply to your use of the ${name} website. By using the site you agree to them. If you do not agree, please do not use the site.`,
        ],
      },
      {
        id: 'using-the-site',
        heading: 'Using the site',
        paragraphs: ['You are welcome to read, share and link to the site. When you use it, please do not:'],
        list: [
          'break the law or help anyone else to do so;',
          'send spam, abusive or misleading messages through the contact form;',
          'try to get into the admin area or any account that is not yours;',
          'interfere with the site’s security or performance, for example by automated scraping at a volume that burdens it.',
        ],
        after: 'We may block access for anyone who does.',
      },
      {
        id: 'not-professional-advice',
        heading: 'General information, not professional advice',
        paragraphs: [
          'Articles and other content on this site are general information about leadership and personal growth. They are not tailored to your situation and are not medical, psychological, legal or financial advice. Coaching is not therapy; if you need support for your health or wellbeing, please speak to a qualified professional.',
        ],
      },
      {
        id: 'coaching-services',
        heading: 'Coaching services',
        paragraphs: [
          'Services marked “Coming Soon” are not yet available and may change before they launch. Describing a service on this site is not an offer to provide it. Any coaching engagement is agreed separately in writing, and that agreement, not these terms, sets out what is provided, the fees and the cancellation rules.',
        ],
      },
      {
        id: 'your-messages',
        heading: 'Messages you send us',
        paragraphs: [
          'You are responsible for what you send through the contact form. Please do not include confidential information about other people or sensitive details you would not want stored by e-mail. How we handle messages is explained in our Privacy Policy.',
        ],
      },
      {
        id: 'content-ownership',
        heading: 'Who owns the content',
        paragraphs: [
          `The text, design and images on this site belong to ${name} or are used with permission. You may quote short passages with credit and a link back to the original page. Please ask before republishing whole articles or using the content commercially.`,
        ],
      },
      {
        id: 'other-websites',
        heading: 'Links to other websites',
        paragraphs: [
          'The site may link to other websites and social networks. We do not control them and are not responsible for their content or their privacy practices.',
        ],
      },
      {
        id: 'liability',
        heading: 'Our responsibility to you',
        paragraphs: [
          'We work to keep the site accurate and available, but we provide it “as is” and cannot promise it will always be complete, up to date or free of interruptions. To the extent the law allows, we are not liable for any loss that results from relying on the site’s content or from the site being unavailable. Nothing in these terms limits any rights you have that cannot be limited by law.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms from time to time. The “Last updated” date at the top shows when they last changed; continuing to use the site after a change means you accept the new version.',
        ],
      },
      {
        id: 'law',
        heading: 'Applicable law',
        paragraphs: [
          `These terms are governed by the law of the place where ${name} is established, and any dispute will be handled by its courts, unless the law of your home country says otherwise. If you have a concern, please write to ${contactEmail} first; most things can be settled with a conversation.`,
        ],
      },
    ],
  };
}

function cookies({ name, contactEmail }: LegalSite): LegalDocument {
  return {
    kind: 'cookies',
    path: '/cookies',
    title: LEGAL_TITLES.cookies,
    description: `Which cookies the ${name} website uses, why, and how you can control them.`,
    sections: [
      {
        id: 'what-cookies-are',
        heading: 'What cookies are',
        paragraphs: [
          'Cookies are small text files a website asks your browser to store. Some are needed for a site to work, for example to remember that you have signed in; others are used to measure visits or to follow people across sites for advertising.',
        ],
      },
      {
        id: 'cookies-we-use',
        heading: 'The cookies we use',
        paragraphs: [
          'Visitors to the public pages — the home page, blog, services, about, contact and legal pages — receive no cookies from us.',
          'When an administrator signs in to the admin area, we set one strictly necessary session cookie. It holds a random token that keeps the administrator signed in, cannot be read by scripts on the page, is only sent back to this website, and is deleted on sign-out or when the session expires.',
          'The browser an administrator signs in with also keeps a second strictly necessary cookie for a year: a signed identifier of that browser, so that someone guessing passwords elsewhere cannot lock the administrator out of their own browser. It cannot be read by scripts on the page either. Because the admin area cannot work safely without them, these cookies do not need consent.',
        ],
      },
      {
        id: 'no-advertising',
        heading: 'No advertising or tracking cookies',
        paragraphs: [
          'We do not use advertising cookies, social media tracking pixels or any cookie that follows you to other websites. The social media icons on this site are plain links; they load nothing from those networks until you click them.',
        ],
      },
      {
        id: 'analytics',
        heading: 'Analytics',
        paragraphs: [
          'By default this website sends no information to any analytics service. The operator may choose to turn on a website analytics service to count page views. If that happens, the provider may receive technical information such as the page visited, the referring page and your browser type, and may use cookies or similar technologies to tell visits apart.',
          'If analytics is turned on, we will name the provider on this page and, where the law requires it, ask for your consent before any analytics cookie is set. The admin area never reports page views.',
        ],
      },
      {
        id: 'managing-cookies',
        heading: 'Managing cookies',
        paragraphs: [
          'Your browser lets you see, block and delete cookies, usually under its privacy or security settings. Blocking all cookies does not affect the public pages of this site; it only prevents administrators from signing in.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes and questions',
        paragraphs: [
          `If the cookies we use change, we will update this page and its “Last updated” date. Questions are welcome at ${contactEmail}.`,
        ],
      },
    ],
  };
}

const builders: Record<LegalKind, (site: LegalSite) => LegalDocument> = { privacy, terms, cookies };

/** The document for one legal route, written around the configured brand name and e-mail. */
export function legalDocument(kind: LegalKind, site: LegalSite): LegalDocument {
  return builders[kind](site);
}

/** All three, in footer order, for the "related policies" links. */
export const LEGAL_KINDS: LegalKind[] = ['privacy', 'terms', 'cookies'];
export const isLegalKind = (value: string): value is LegalKind => (LEGAL_KINDS as string[]).includes(value);

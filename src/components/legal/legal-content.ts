// The text of /privacy, /terms and /cookies (docs/product.md §2 "Legal page": content not shown, so written
// here for what this site really does). The brand name and contact e-mail come from the coach's
// settings (/admin/settings), so every document is built from them at request time.

/** Shown on every legal page; change it whenever any of the documents below changes. */
export const LEGAL_LAST_UPDATED = '2026-11-21';

export type LegalKind = 'privacy' | 'terms' | 'cookies';

export interface LegalSection {
  /** Anchor for the in-page table of contents. */
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** A paragraph after the list, when the list needs a closing remark. */
  after?: string;
}

export interface LegalDocument {
  kind: LegalKind;
  path: `/${LegalKind}`;
  title: string;
  /** One sentence, used as the meta description. */
  description: string;
  /** The plain-language summary shown under the title. */
  summary: string;
  sections: LegalSection[];
}

export const LEGAL_TITLES: Record<LegalKind, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  cookies: 'Cookie Policy',
};

export interface LegalSite {
  name: string;
  contactEmail: string;
}

function privacy({ name, contactEmail }: LegalSite): LegalDocument {
  return {
    kind: 'privacy',
    path: '/privacy',
    title: LEGAL_TITLES.privacy,
    description: `How ${name} collects, uses and protects the personal information you share through this website.`,
    summary:
      'We collect only what we need to answer your messages and keep this website safe. We never sell your information or use it for advertising.',
    sections: [
      {
        id: 'who-we-are',
        heading: 'Who we are',
        paragraphs: [
          `${name} is a small coaching business. This policy explains what personal information this website collects, why, and what choices you have. “We”, “us” and “our” mean ${name}; “you” means anyone who visits the site.`,
          `We are responsible for the personal information described here. If you have any question about it, write to ${contactEmail}.`,
        ],
      },
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
          'To stop the form being flooded, we also keep a short-lived counter tied to your IP address that limits how many messages can be sent within a few minutes. Simply reading the website does not require you to give us any personal information.',
      },
      {
        id: 'how-we-use-it',
        heading: 'How we use your information',
        list: [
          'to read and answer your message, and to follow up on the conversation you started;',
          'to protect the website and our inbox from spam, abuse and attacks;',
          'to meet our legal obligations, for example keeping records we are required to keep.',
        ],
        after:
          'We do not sell your information, we do not use it for advertising, and we will not add you to a mailing list unless you ask us to. We rely on our legitimate interest in answering the people who contact us and in keeping the site secure, and, where you ask about coaching, on taking the steps you request before any agreement is made.',
      },
      {
        id: 'sharing',
        heading: 'Who we share it with',
        paragraphs: [
          'Only the people who run this business can read contact messages. We use a hosting provider to run the website and store its data; it processes that data on our behalf and may not use it for anything else.',
          'If the site operator turns on a website analytics service, that provider receives information about page views as described in our Cookie Policy. Apart from that, we share personal information only when the law requires it.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        paragraphs: [
          'We keep a contact message, together with its IP address and user agent, for as long as we need it to deal with your enquiry and any coaching relationship that follows. Messages that do not lead to further contact are deleted within twelve months. The anti-spam counters expire on their own after a few minutes.',
        ],
      },
      {
        id: 'security',
        heading: 'How we protect it',
        paragraphs: [
          'The website is served over an encrypted connection. Contact messages are visible only in a password-protected admin area, passwords are stored only in hashed form, and access is limited to the people who need it. No system is perfectly secure, but we take reasonable care and will act promptly if something goes wrong.',
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your rights',
        paragraphs: ['Depending on where you live, you may have the right to:'],
        list: [
          'ask for a copy of the personal information we hold about you;',
          'ask us to correct it if it is wrong;',
          'ask us to delete it;',
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
          'Visitors to the public pages receive no cookies from us. The admin area uses one strictly necessary cookie to keep administrators signed in. Our Cookie Policy explains this in full.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        paragraphs: [
          'If we change how we handle personal information, we will update this page and the “Last updated” date at the top. Significant changes will be made clear on this page before they take effect.',
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
    summary:
      'Use the site fairly, treat the articles as general guidance rather than professional advice, and expect any coaching work to be agreed separately in writing.',
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
    summary:
      'Reading this website sets no cookies. The only cookie we use keeps administrators signed in, and we use no advertising or tracking cookies.',
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
        heading: 'The cookie we use',
        paragraphs: [
          'Visitors to the public pages — the home page, blog, services, about, contact and legal pages — receive no cookies from us.',
          'When an administrator signs in to the admin area, we set one strictly necessary session cookie. It holds a random token that keeps the administrator signed in, cannot be read by scripts on the page, is only sent back to this website, and is deleted on sign-out or when the session expires. Because the admin area cannot work without it, this cookie does not need consent.',
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

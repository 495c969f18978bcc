// The sample audience: newsletter subscribers and contact messages.
import type { SeedMessage, SeedSubscriber } from './types.ts';

export const seedSubscribers: SeedSubscriber[] = [
  { firstName: 'Laura', lastName: 'Bennett', email: 'laura.bennett@example.com', daysAgo: 4 },
  { firstName: 'Samuel', lastName: 'Achebe', email: 'sam.achebe@example.org', daysAgo: 23 },
  { firstName: 'Elena', lastName: 'Moreau', email: 'elena.moreau@example.com', daysAgo: 61 },
];

export const seedMessages: SeedMessage[] = [
  {
    name: 'Thomas Whitfield',
    email: 'thomas.whitfield@example.com',
    subject: 'Executive coaching enquiry',
    message:
      'Hello, I recently moved into a COO role and would like to explore one-on-one coaching for the next six months. Could you share how your engagements are usually structured and what availability you have?',
    isRead: true,
    daysAgo: 12,
    ipAddress: '192.0.2.45',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  },
  {
    name: 'Aisha Karim',
    email: 'aisha.karim@example.org',
    subject: 'Small-group coaching for our team leads',
    message:
      'We have five newly promoted team leads and are interested in a small-group programme focused on feedback and delegation. Is this something you offer for a single organization?',
    isRead: true,
    daysAgo: 8,
    ipAddress: '198.51.100.17',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  },
  {
    name: 'Jonas Weber',
    email: 'jonas.weber@example.com',
    subject: null,
    message:
      'I enjoyed your article on managing former peers. I am in exactly that situation now and would appreciate a short introductory call to see whether coaching could help.',
    isRead: false,
    daysAgo: 3,
    ipAddress: '192.0.2.118',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  },
  {
    name: 'Grace Liu',
    email: 'grace.liu@example.org',
    subject: 'Speaking at our leadership offsite',
    message:
      'We are planning a leadership offsite in the autumn and are looking for someone to run a half-day session on building resilience. Would you be open to discussing this?',
    isRead: false,
    daysAgo: 1,
    ipAddress: '198.51.100.203',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  },
];

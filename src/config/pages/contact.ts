import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's Contact page: the spec's words (docs/product.md §2 "Contact page").
export const CONTACT_PAGE: PageContent = {
  meta: {
    title: 'Contact',
    description: 'Send a message about coaching, workshops or speaking. Replies within 24-48 hours on business days.',
  },
  sections: [
    {
      type: 'pageHeader',
      hidden: false,
      eyebrow: 'Contact',
      title: "Let's Start a Conversation",
      lead: 'Whether you are facing a leadership challenge or simply curious about coaching, I would love to hear from you.',
      soonTitle: '',
      soonLead: '',
    },
    {
      type: 'contactDetails',
      hidden: false,
      responseTitle: 'Response Time',
      responseText: 'I reply to every message within 24-48 hours on business days.',
      expectTitle: 'What to Expect',
      expectItems: [
        'A personal reply, never an automated sequence',
        'A few questions to understand your goals',
        'An invitation to a short intro call if it is a fit',
      ],
      topicsTitle: 'Common Topics',
      topics: [
        'Executive coaching',
        'Leadership development',
        'Team dynamics',
        'Career transitions',
        'Speaking & workshops',
        'Personal growth',
      ],
      privacyTitle: 'Privacy & Confidentiality',
      privacyText: 'What you share stays between us. Your details are used only to reply to you and are never sold or shared.',
    },
  ],
};

import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's Services page: the spec's words while booking is off (docs/product.md §2
// "Services page"), and what it says once the coach opens booking.
export const SERVICES_PAGE: PageContent = {
  meta: {
    title: 'Services',
    description:
      'One-on-one coaching, leadership development, team building, an AI coaching assistant and a weekly newsletter are coming soon.',
  },
  sections: [
    {
      type: 'pageHeader',
      hidden: false,
      eyebrow: 'Services',
      title: 'Coaching Services',
      lead: 'Confidential coaching for leaders and executives, and resources to keep growing between sessions. The first step is a free, no-pressure intro call.',
      soonTitle: 'Services Coming Soon',
      soonLead:
        'We are putting the finishing touches on our coaching services. Here is a preview of what is on the way — and you can start a conversation today.',
    },
    {
      type: 'coaching',
      hidden: false,
      eyebrow: 'Executive coaching',
      title: 'One-on-One Coaching',
      text: 'Confidential, personal coaching for leaders and executives who want to grow in skill and in character, at a pace that suits their work.',
      points: [
        {
          icon: 'clipboard-list',
          title: 'Customized development plans',
          text: 'A plan built from your goals, strengths and context — not a template.',
        },
        {
          icon: 'chart-line',
          title: 'Regular progress assessments',
          text: 'Scheduled check-ins that measure what has changed and adjust the plan.',
        },
        { icon: 'calendar-clock', title: 'Flexible scheduling', text: 'Sessions that fit a demanding calendar, online or in person.' },
      ],
      openTitle: 'Ready to talk about where you want to go?',
      openText: 'Book a free, no-pressure intro call: we will see together whether coaching is the right next step.',
      soonTitle: 'Want to be among the first clients when coaching opens?',
      soonText: 'Send a short message about where you are and where you want to go.',
      soonButton: { label: 'Get in Touch', link: '/contact' },
    },
    {
      type: 'serviceCards',
      hidden: false,
      title: 'More on the way',
      lead: 'Alongside one-on-one coaching, these offerings are being prepared.',
      items: [
        {
          anchor: 'development',
          icon: 'trending-up',
          title: 'Leadership Development',
          text: 'Structured programs that grow the capacity of emerging and established leaders over several months.',
          state: 'soon',
          button: { label: 'Ask about it', link: '/contact' },
        },
        {
          anchor: 'team-building',
          icon: 'users',
          title: 'Team Building',
          text: 'Workshops that build trust, sharpen communication and help teams pull in the same direction.',
          state: 'soon',
          button: { label: 'Ask about it', link: '/contact' },
        },
        {
          anchor: 'ai-coach',
          icon: 'bot',
          title: 'AI Coaching Assistant',
          text: 'A digital companion for reflection prompts and goal check-ins between your coaching sessions.',
          state: 'soon',
          button: { label: 'Ask about it', link: '/contact' },
        },
        {
          anchor: 'newsletter',
          icon: 'newspaper',
          title: 'Weekly Newsletter',
          text: 'One practical leadership idea in your inbox each week: short, useful and free.',
          state: 'newsletter',
          button: { label: 'Subscribe', link: '/services#newsletter' },
        },
      ],
    },
    {
      type: 'questions',
      hidden: false,
      title: 'Questions in the meantime?',
      text: 'We answer every message within 24–48 hours on business days.',
      buttons: [
        { label: 'Contact Us', link: '/contact' },
        { label: 'Back to Home', link: '/' },
      ],
    },
  ],
};

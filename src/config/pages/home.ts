import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's home page: the spec's words (docs/product.md §1), the coach's to change.
export const HOME_PAGE: PageContent = {
  meta: {
    title: '',
    description: 'Expert coaching, actionable insights and a supportive community for leaders, executives and anyone ready to grow.',
  },
  sections: [
    {
      type: 'hero',
      hidden: false,
      eyebrow: 'Leadership coaching',
      title: 'Transform Your Leadership Journey',
      lead: 'Expert coaching, actionable insights and a supportive community for leaders, executives and anyone ready to grow.',
      buttons: [
        { label: 'Explore Our Services', link: '/services' },
        { label: 'Read Our Blog', link: '/blog' },
      ],
    },
    {
      type: 'offerings',
      hidden: false,
      title: 'Everything You Need to Grow as a Leader',
      lead: 'Start with the blog today; more ways to learn and connect are on their way.',
      items: [
        {
          anchor: '',
          icon: 'book-open',
          title: 'Leadership Blog',
          text: 'Practical articles on leading with clarity, courage and character, published regularly.',
          state: 'live',
          button: { label: 'Read the blog', link: '/blog' },
        },
        {
          anchor: '',
          icon: 'briefcase',
          title: 'Executive Coaching',
          text: 'One-on-one partnership to sharpen your decisions, presence and impact at the top.',
          state: 'booking',
          button: { label: 'About coaching', link: '/services#coaching' },
        },
        {
          anchor: '',
          icon: 'bot',
          title: 'AI Coaching Assistant',
          text: 'Reflective prompts and between-session support, available whenever you need to think aloud.',
          state: 'soon',
          button: { label: 'Learn more', link: '/services#ai-coach' },
        },
        {
          anchor: '',
          icon: 'mail',
          title: 'Weekly Newsletter',
          text: 'One short, actionable insight each week to keep your growth moving forward.',
          state: 'newsletter',
          button: { label: 'Subscribe', link: '/services#newsletter' },
        },
        {
          anchor: '',
          icon: 'users',
          title: 'Community Access',
          text: 'A supportive circle of leaders who share lessons, challenges and encouragement.',
          state: 'soon',
          button: { label: 'Learn more', link: '/contact' },
        },
        {
          anchor: '',
          icon: 'wrench',
          title: 'Leadership Tools',
          text: 'Frameworks, worksheets and assessments to turn insight into everyday practice.',
          state: 'soon',
          button: { label: 'Learn more', link: '/contact' },
        },
      ],
    },
    { type: 'latestPosts', hidden: false, title: 'Latest Leadership Insights', linkLabel: 'View All Articles' },
    { type: 'testimonials', hidden: false, title: 'What Leaders Say About Us' },
  ],
};

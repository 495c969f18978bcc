import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's header and footer links (docs/product.md §2 "Shared layout").
export const NAVIGATION_PAGE: PageContent = {
  meta: { title: '', description: '' },
  sections: [
    {
      type: 'headerLinks',
      hidden: false,
      links: [
        { label: 'Home', link: '/' },
        { label: 'Blog', link: '/blog' },
        { label: 'Services', link: '/services' },
        { label: 'About', link: '/about' },
      ],
      action: { label: 'Contact', link: '/contact' },
    },
    {
      type: 'footerColumns',
      hidden: false,
      columns: [
        {
          title: 'Quick Links',
          links: [
            { label: 'Home', link: '/' },
            { label: 'Blog', link: '/blog' },
            { label: 'Services', link: '/services' },
            { label: 'About', link: '/about' },
            { label: 'Contact', link: '/contact' },
          ],
        },
        {
          title: 'Services',
          links: [
            { label: 'Executive Coaching', link: '/services#coaching' },
            { label: 'Leadership Development', link: '/services#development' },
            { label: 'Team Building', link: '/services#team-building' },
            { label: 'AI Coaching Assistant', link: '/services#ai-coach' },
            { label: 'Weekly Newsletter', link: '/services#newsletter' },
          ],
        },
        {
          title: 'Legal',
          links: [
            { label: 'Privacy Policy', link: '/privacy' },
            { label: 'Terms of Service', link: '/terms' },
            { label: 'Cookie Policy', link: '/cookies' },
          ],
        },
      ],
    },
  ],
};

import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A fresh site's not-found page: the spec's words (docs/product.md §6).
export const NOT_FOUND_PAGE: PageContent = {
  meta: { title: '', description: '' },
  sections: [
    {
      type: 'notFound',
      hidden: false,
      eyebrow: 'Error 404',
      title: '404 Page Not Found',
      text: 'Did you forget to add the page to the router?',
      button: { label: 'Back to home', link: '/' },
    },
  ],
};

/** The docs/product.md §5 rule, restated from the spec (not imported) so a drift in the app fails here. */
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** The docs/product.md §5 rule, restated from the spec (not imported) so a drift in the app fails here. */
export const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    // An apostrophe or underscore joins; any other run of non-letters between letters and digits is one hyphen (issue 32 §5).
    .replace(/['’_]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

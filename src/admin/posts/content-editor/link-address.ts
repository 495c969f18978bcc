// A link the visual editor makes (issue 32 §5): one the site keeps when it renders the post (its
// sanitizer allows http, https and mailto, and addresses on the site itself).

export const LINK_ADDRESS_REQUIRED = 'Enter the address to link to.';
export const LINK_ADDRESS_INVALID =
  'Enter a web address starting with https://, an email address as mailto:name@example.com, or a page of this site starting with /.';
export const LINK_TEXT_REQUIRED = 'Enter the words to show as the link.';

/** `href` as it will be stored: a bare domain ("example.com/page") gets https:// in front. */
export function normalizedAddress(href: string): string {
  const trimmed = href.trim();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** Why the address cannot be linked to, or null when it can. */
export function linkAddressProblem(href: string): string | null {
  const address = normalizedAddress(href);
  if (address === '') return LINK_ADDRESS_REQUIRED;
  if (/\s/.test(address)) return LINK_ADDRESS_INVALID;
  if (/^(\/(?!\/)|#)/.test(address)) return null;
  if (/^mailto:[^@]+@[^@]+$/i.test(address)) return null;
  if (!/^https?:\/\//i.test(address)) return LINK_ADDRESS_INVALID;
  return URL.canParse(address) && new URL(address).hostname !== '' ? null : LINK_ADDRESS_INVALID;
}

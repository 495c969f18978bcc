import { describe, expect, test } from 'bun:test';
import {
  LINK_ADDRESS_INVALID,
  LINK_ADDRESS_REQUIRED,
  linkAddressProblem,
  normalizedAddress,
} from '#src/admin/posts/content-editor/link-address.ts';

// The visual editor's links (issue 32 §5) are only those the site keeps when it renders a post.
describe('a link the visual editor makes', () => {
  test.each([
    'https://example.com',
    'http://example.com/path?q=1#part',
    'HTTPS://EXAMPLE.COM',
    'mailto:coach@example.com',
    '/contact',
    '/blog/1-1-coaching',
    '#section',
    'example.com',
    'www.example.com/page',
  ])('%s is taken', (href) => {
    expect(linkAddressProblem(href)).toBeNull();
  });

  test.each([
    ['', LINK_ADDRESS_REQUIRED],
    ['   ', LINK_ADDRESS_REQUIRED],
    ['javascript:alert(1)', LINK_ADDRESS_INVALID],
    ['JavaScript:alert(1)', LINK_ADDRESS_INVALID],
    ['data:text/html,hi', LINK_ADDRESS_INVALID],
    ['//evil.example', LINK_ADDRESS_INVALID],
    ['ftp://example.com', LINK_ADDRESS_INVALID],
    ['https://', LINK_ADDRESS_INVALID],
    ['https://exa mple.com', LINK_ADDRESS_INVALID],
    ['mailto:nobody', LINK_ADDRESS_INVALID],
    ['contact', LINK_ADDRESS_INVALID],
  ])('%p is refused: %s', (href, message) => {
    expect(linkAddressProblem(href)).toBe(message);
  });

  test('a bare domain is stored with https:// in front; anything else as typed, trimmed', () => {
    expect(normalizedAddress(' example.com/page ')).toBe('https://example.com/page');
    expect(normalizedAddress('/contact')).toBe('/contact');
    expect(normalizedAddress('mailto:coach@example.com')).toBe('mailto:coach@example.com');
  });
});

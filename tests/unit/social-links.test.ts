// The footer's social icons (socialLinks, src/schemas/settings.ts): one for each network the coach
// links to, in a fixed order; an empty link shows no icon, never one that links to '#'.
import { expect, test } from 'bun:test';
import { defaultSettings } from '#src/config/site.ts';
import { socialLinks } from '#src/schemas/settings.ts';

test("a fresh site links all four networks' home pages, in order (the spec's four icons with no real target)", () => {
  expect(socialLinks(defaultSettings())).toEqual([
    { network: 'linkedin', href: 'https://www.linkedin.com/' },
    { network: 'x', href: 'https://x.com/' },
    { network: 'facebook', href: 'https://www.facebook.com/' },
    { network: 'instagram', href: 'https://www.instagram.com/' },
  ]);
});

test('an empty link drops its network; the others keep their links and order', () => {
  const settings = { ...defaultSettings(), socialLinkedin: '', socialX: 'https://x.com/harbour', socialFacebook: '' };
  expect(socialLinks(settings)).toEqual([
    { network: 'x', href: 'https://x.com/harbour' },
    { network: 'instagram', href: 'https://www.instagram.com/' },
  ]);
});

test('with every link empty there is no icon at all', () => {
  const settings = { ...defaultSettings(), socialLinkedin: '', socialX: '', socialFacebook: '', socialInstagram: '' };
  expect(socialLinks(settings)).toEqual([]);
});

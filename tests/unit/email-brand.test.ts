// Every email wears the coach's brand (issue 31 §5, server/mail/layout.ts): buttons and the name in
// the primary, a quoted message marked in the accent, the logo on top when there is one.
import { expect, test } from 'bun:test';
import type { Brand } from '#server/mail/layout.ts';
import { contactNotification } from '#server/mail/templates.ts';

const site: Brand = {
  name: 'Harbour Coaching',
  url: 'https://harbour.example',
  contactEmail: '',
  primary: '#2d6a4f',
  accent: '#f4a261',
  logoUrl: '',
};
const notice = { id: 7, name: 'Sam', email: 'sam@example.com', subject: 'Hello', message: 'A question.' };

test('the button and the name in the primary, the quote marked in the accent; no logo, no image', () => {
  const { html } = contactNotification(site, notice);
  expect(html).toContain('background:#2d6a4f;color:#ffffff');
  expect(html).toContain('color:#2d6a4f">');
  expect(html).toContain('border-left:3px solid #f4a261');
  expect(html).not.toContain('<img');
});

test('the logo, by its absolute address, stands before the name', () => {
  const { html } = contactNotification({ ...site, logoUrl: 'https://harbour.example/media/abcdefghijklmnopqrstuvwx.png' }, notice);
  expect(html).toMatch(
    /<img src="https:\/\/harbour\.example\/media\/abcdefghijklmnopqrstuvwx\.png" alt=""[^>]*><span[^>]*>Harbour Coaching<\/span>/,
  );
});

import { html, type SafeHtml } from './html.ts';

/** Who an email is from, as the coach's settings name it (server/services/settings.ts mailBrand). */
export interface Brand {
  name: string;
  /** The site's public origin. */
  url: string;
  /** The coach's public address; empty when none is set. */
  contactEmail: string;
  /** The brand colours (`#rrggbb`, Settings → Brand): buttons and the name in the primary, quotes marked in the accent. */
  primary: string;
  accent: string;
  /** The logo's absolute address, or empty for none (the name alone). */
  logoUrl: string;
}

/** What an email says, in both forms every email carries. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

// Inline styles only: most mail clients drop <style> blocks and ignore classes.
const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif";
const INK = '#1c2430';
const MUTED = '#5b6472';

export const paragraph = (content: string | SafeHtml) => html`<p style="margin:0 0 16px;line-height:1.6">${content}</p>`;

/** Text as written (a visitor's message): its line breaks kept, nothing in it read as HTML. */
export const quote = (site: Brand, text: string) =>
  html`<div style="margin:0 0 16px;padding:12px 16px;border-left:3px solid ${site.accent};background:#f6f4ef;white-space:pre-wrap;line-height:1.6">${text}</div>`;

/** A link drawn as the site's primary button (white on the primary: AA, as Settings → Brand checks). */
export const button = (site: Brand, label: string, url: string) =>
  html`<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${site.primary};color:#ffffff;text-decoration:none;font-weight:600">${label}</a></p>`;

/** The top of every email: the logo (when the coach chose one) beside the site's name. */
const masthead = (site: Brand) =>
  html`${site.logoUrl ? html`<img src="${site.logoUrl}" alt="" width="36" height="36" style="vertical-align:middle;margin-right:10px;border-radius:6px;object-fit:contain">` : ''}<span style="vertical-align:middle">${site.name}</span>`;

/** The one layout of every email: the brand on top, the site's address in the footer. */
export function emailLayout(site: Brand, { subject, body, text }: { subject: string; body: SafeHtml; text: string }): EmailContent {
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;${FONT};color:${INK};font-size:16px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-weight:700;font-size:18px;color:${site.primary}">${masthead(site)}</td></tr>
<tr><td style="padding:28px">${body}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:13px;color:${MUTED}">${site.name} · <a href="${site.url}" style="color:${MUTED}">${site.url}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject, html: page.value, text: `${text.trim()}\n\n-- \n${site.name} · ${site.url}\n` };
}

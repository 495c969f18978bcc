import { html, type SafeHtml } from './html.ts';

/** Who an email is from, as the coach's settings name it (server/services/settings.ts mailBrand). */
export interface Brand {
  name: string;
  /** The site's public origin. */
  url: string;
  /** The coach's public address; empty when none is set. */
  contactEmail: string;
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
const PRIMARY = '#1f3a5f';

export const paragraph = (content: string | SafeHtml) => html`<p style="margin:0 0 16px;line-height:1.6">${content}</p>`;

/** Text as written (a visitor's message): its line breaks kept, nothing in it read as HTML. */
export const quote = (text: string) =>
  html`<div style="margin:0 0 16px;padding:12px 16px;border-left:3px solid #c9a227;background:#f6f4ef;white-space:pre-wrap;line-height:1.6">${text}</div>`;

export const button = (label: string, url: string) =>
  html`<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${PRIMARY};color:#ffffff;text-decoration:none;font-weight:600">${label}</a></p>`;

/** The one layout of every email: the brand on top, the site's address in the footer. */
export function emailLayout(site: Brand, { subject, body, text }: { subject: string; body: SafeHtml; text: string }): EmailContent {
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;${FONT};color:${INK};font-size:16px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-weight:700;font-size:18px;color:${PRIMARY}">${site.name}</td></tr>
<tr><td style="padding:28px">${body}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:13px;color:${MUTED}">${site.name} · <a href="${site.url}" style="color:${MUTED}">${site.url}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject, html: page.value, text: `${text.trim()}\n\n-- \n${site.name} · ${site.url}\n` };
}

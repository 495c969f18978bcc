import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ActionItem } from '#src/schemas/session-notes.ts';
import { html, sanitizedHtml } from './html.ts';
import { type Brand, type EmailContent, emailLayout, paragraph } from './layout.ts';

// The shared notes of a session, sent to the client after it (issue 35 §6). The notes are Markdown:
// the HTML part shows them rendered (by the same sanitising renderer as posts), the text part as written.

export interface SharedNotes {
  name: string;
  session: string;
  start: Date;
  timeZone: string;
  /** The shared notes already rendered to safe HTML. */
  notesHtml: string;
  notesText: string;
  actionItems: ActionItem[];
}

export function sharedNotesEmail(site: Brand, notes: SharedNotes): EmailContent {
  const day = format(new TZDate(notes.start, notes.timeZone), 'd MMMM yyyy');
  const subject = `Notes from your ${notes.session} on ${day}`;
  const intro = `Hello ${notes.name}, here are the notes from your ${notes.session} on ${day}.`;
  const items = notes.actionItems.map((item) => `${item.done ? '☑' : '☐'} ${item.text}`);
  const body = html`${paragraph(intro)}${notes.notesText.trim() ? html`<div style="margin:0 0 16px;line-height:1.6">${sanitizedHtml(notes.notesHtml)}</div>` : ''}${
    items.length > 0
      ? html`${paragraph(html`<strong>Action items</strong>`)}<ul style="margin:0 0 16px;padding-left:20px;line-height:1.6">${items.map((item) => html`<li>${item}</li>`)}</ul>`
      : ''
  }`;
  const text = [intro, notes.notesText.trim(), items.length > 0 ? `Action items:\n${items.join('\n')}` : ''].filter(Boolean).join('\n\n');
  return emailLayout(site, { subject, body, text });
}

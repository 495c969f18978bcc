// docs/product.md §2: 'Reply via Email' opens a mail draft. Every part goes through encodeURIComponent,
// so `?`, `&`, `#`, `%` and CR/LF in a visitor's name or subject stay inside their own field
// (docs/security.md#input-validation) instead of starting new mailto headers.

export const replySubject = (subject: string | null) => (subject && subject.trim() !== '' ? `Re: ${subject}` : 'Re: Your message');

export const replyBody = (name: string, coachName: string) =>
  `Hi ${name},\n\nThank you for reaching out.\n\n\n\nBest regards,\n${coachName}`;

/** A mailto address: encoded like the rest, keeping `@` readable (RFC 6068 allows either). */
export const mailtoAddress = (email: string) => `mailto:${encodeURIComponent(email).replaceAll('%40', '@')}`;

export function replyMailto(message: { name: string; email: string; subject: string | null }, coachName: string): string {
  const subject = encodeURIComponent(replySubject(message.subject));
  const body = encodeURIComponent(replyBody(message.name, coachName));
  return `${mailtoAddress(message.email)}?subject=${subject}&body=${body}`;
}

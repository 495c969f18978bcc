// Playwright's global setup: the SMTP server the site delivers to during the journeys. Each
// message lands in E2E_MAIL_DIR as n.eml; tests read them with readEmails() (support/mail.ts).
import { startTestSmtp } from '#tests/helpers/smtp.ts';

export default async function smtpSink() {
  const smtp = await startTestSmtp({ port: Number(process.env.E2E_SMTP_PORT), saveTo: process.env.E2E_MAIL_DIR });
  return () => smtp.stop();
}

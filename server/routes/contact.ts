import { Hono } from 'hono';
import { type ContactMessageCreated, contactMessageSchema } from '#src/schemas/contact-message.ts';
import { clientIp } from '../client-ip.ts';
import { limitBody } from '../http/body-limits.ts';
import { countDroppedMessage, createContactMessage } from '../services/contact-messages.ts';
import { json } from '../validation.ts';

// Far above the largest valid message (5,000 characters of text plus the other fields).
const CONTACT_BODY_LIMIT = 32 * 1024;

export const contactRoutes = new Hono().post('/contact', limitBody(CONTACT_BODY_LIMIT), json(contactMessageSchema), async (c) => {
  const { website, ...message } = c.req.valid('json');
  const ipAddress = clientIp(c);
  if (website) {
    await countDroppedMessage(ipAddress);
    return c.json<ContactMessageCreated>({ id: 0 }, 201);
  }
  const id = await createContactMessage({ ...message, ipAddress, userAgent: c.req.header('user-agent') ?? null });
  return c.json<ContactMessageCreated>({ id }, 201);
});

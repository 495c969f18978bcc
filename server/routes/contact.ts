import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ContactMessageCreated, contactMessageSchema } from '../../src/schemas/contact-message.ts';
import { clientIp } from '../client-ip.ts';
import { HttpError } from '../errors.ts';
import { countDroppedMessage, createContactMessage } from '../services/contact-messages.ts';
import { readJson } from '../validation.ts';

// Far above the largest valid message (5,000 characters of text plus the other fields).
const CONTACT_BODY_LIMIT = 32 * 1024;

export const contactRoutes = new Hono().post(
  '/contact',
  bodyLimit({
    maxSize: CONTACT_BODY_LIMIT,
    onError: () => {
      throw new HttpError(413, 'Request body too large');
    },
  }),
  async (c) => {
    const { website, ...message } = await readJson(c, contactMessageSchema);
    const ipAddress = clientIp(c);
    if (website) {
      await countDroppedMessage(ipAddress);
      return c.json<ContactMessageCreated>({ id: 0 }, 201);
    }
    const id = await createContactMessage({ ...message, ipAddress, userAgent: c.req.header('user-agent') ?? null });
    return c.json<ContactMessageCreated>({ id }, 201);
  },
);

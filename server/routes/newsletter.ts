import { Hono } from 'hono';
import { z } from 'zod';
import {
  ALREADY_SUBSCRIBED,
  CONFIRMED,
  linkTokenSchema,
  type NewsletterAnswer,
  RESUBSCRIBE_SENT,
  SIGNUP_ACCEPTED,
  signupSchema,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBED,
} from '#src/schemas/newsletter-signup.ts';
import { clientIp } from '../client-ip.ts';
import { badRequest } from '../errors.ts';
import { limitBody } from '../http/body-limits.ts';
import { confirmSubscription, resubscribe, signUp, unsubscribe } from '../services/newsletter/signup.ts';
import { json, query } from '../validation.ts';

/** The token a link carries in its address (absent: the link is broken). */
const linkQuerySchema = z.object({ token: z.string().optional() });

const NEWSLETTER_BODY_LIMIT = 4 * 1024;

export const newsletterRoutes = new Hono()
  // One answer for every address and for the honeypot alike.
  .post('/newsletter/subscribe', limitBody(NEWSLETTER_BODY_LIMIT), json(signupSchema), async (c) => {
    const { website, source = 'post', ...person } = c.req.valid('json');
    await signUp(website ? null : { ...person, source }, clientIp(c));
    return c.json<NewsletterAnswer>({ message: SIGNUP_ACCEPTED }, 202);
  })
  .post('/newsletter/confirm', limitBody(NEWSLETTER_BODY_LIMIT), json(linkTokenSchema), async (c) => {
    const result = await confirmSubscription(c.req.valid('json').token);
    return c.json<NewsletterAnswer>({ message: result === 'already' ? `${ALREADY_SUBSCRIBED}.` : CONFIRMED });
  })
  // RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the link in the header,
  // from anywhere, without cookies: the token in the URL is the whole authority (same-origin exempt).
  .post('/newsletter/unsubscribe', limitBody(NEWSLETTER_BODY_LIMIT), query(linkQuerySchema), async (c) => {
    const { token } = c.req.valid('query');
    if (!token) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
    await unsubscribe(token);
    return c.json<NewsletterAnswer>({ message: UNSUBSCRIBED });
  })
  .post('/newsletter/resubscribe', limitBody(NEWSLETTER_BODY_LIMIT), json(linkTokenSchema), async (c) => {
    const result = await resubscribe(c.req.valid('json').token);
    return c.json<NewsletterAnswer>({ message: result === 'already' ? `${ALREADY_SUBSCRIBED}.` : RESUBSCRIBE_SENT });
  });

import { z } from 'zod';
import { BOOKING_EMAIL_MESSAGE, timeZoneSchema } from './booking.ts';
import type { AskedAnswer } from './intake-answers.ts';
import { type Page, pageFields } from './page.ts';

// Clients (issue 35 §2, Admin → Clients): the people the coach works with, one per email address.

export const CLIENT_STATUSES = ['prospect', 'active', 'past'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = { prospect: 'Prospect', active: 'Active', past: 'Past' };

export const CLIENT_LIMITS = { name: 100, phone: 40, organisation: 100, tag: 30, tags: 20, search: 200 } as const;
export const CLIENTS_PAGE_SIZE = 25;

export const CLIENT_NAME_REQUIRED = 'Name is required';
export const CLIENT_EMAIL_TAKEN = 'Another client already has this email address';
export const CLIENT_NOT_FOUND = 'Client not found';
const STATUS_MESSAGE = 'Status must be prospect, active or past';
const TAG_MESSAGE = `A tag is 1 to ${CLIENT_LIMITS.tag} letters, digits, spaces or dashes`;

/** One line of text at most `max` characters long, trimmed (also packages' fields, credits.ts). */
export const oneLine = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must be one line of text`);

/** A client as the coach writes them (POST creates, PUT replaces). */
export const clientInputSchema = z.strictObject({
  name: oneLine('Name', CLIENT_LIMITS.name).pipe(z.string().min(1, CLIENT_NAME_REQUIRED)),
  email: z.string(BOOKING_EMAIL_MESSAGE).trim().max(254, BOOKING_EMAIL_MESSAGE).pipe(z.email(BOOKING_EMAIL_MESSAGE)),
  phone: oneLine('Phone', CLIENT_LIMITS.phone),
  organisation: oneLine('Organisation', CLIENT_LIMITS.organisation),
  /** For the times in their emails; null: as their booking says. */
  timeZone: timeZoneSchema.nullable(),
  status: z.enum(CLIENT_STATUSES, STATUS_MESSAGE),
  tags: z
    .array(
      z
        .string(TAG_MESSAGE)
        .trim()
        .toLowerCase()
        .regex(new RegExp(`^[\\p{L}\\p{N}][\\p{L}\\p{N} -]{0,${CLIENT_LIMITS.tag - 1}}$`, 'u'), TAG_MESSAGE),
      'Tags must be a list',
    )
    .max(CLIENT_LIMITS.tags, `A client has at most ${CLIENT_LIMITS.tags} tags`)
    .transform((tags) => [...new Set(tags)]),
});
export type ClientInput = z.infer<typeof clientInputSchema>;

/** GET /api/admin/clients: a search (name, email, organisation, tag), a status, a page. */
export const clientsQuerySchema = z.object({
  search: z.string().max(CLIENT_LIMITS.search, `search must be at most ${CLIENT_LIMITS.search} characters`).optional(),
  status: z.enum(CLIENT_STATUSES, STATUS_MESSAGE).optional(),
  ...pageFields({ size: CLIENTS_PAGE_SIZE }),
});

export interface ClientSummary extends ClientInput {
  id: number;
  source: 'manual' | 'booking' | 'message';
  createdAt: string;
  /** Credits left across their packages that have not expired. */
  creditsLeft: number;
}
export type ClientsPage = Page<'clients', ClientSummary>;

/** One event of a client's timeline, newest first. */
export type TimelineEvent =
  | {
      kind: 'booking';
      at: string;
      id: number;
      session: string;
      start: string;
      status: 'confirmed' | 'cancelled';
      answers: AskedAnswer[] | null;
    }
  /** The coach last wrote the notes of booking `id`. */
  | { kind: 'notes'; at: string; id: number; session: string; start: string }
  | { kind: 'message'; at: string; id: number; subject: string }
  | { kind: 'credit'; at: string; package: string; movement: string; amount: number; reason: string }
  | { kind: 'email'; at: string; subject: string; status: string };

/** Admin → Clients → one client: the details, the newsletter status, their packages and the timeline. */
export interface ClientDetail extends ClientSummary {
  newsletter: 'active' | 'pending' | 'unsubscribed' | null;
  packages: ClientPackageBalance[];
  timeline: TimelineEvent[];
}

/** A package granted to a client, with what is left of it. */
export interface ClientPackageBalance {
  id: number;
  name: string;
  sessions: number;
  left: number;
  sessionTypeIds: number[];
  expiresAt: string | null;
  expired: boolean;
  note: string;
  grantedAt: string;
}

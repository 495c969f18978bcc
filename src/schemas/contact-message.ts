import { z } from 'zod';

// Spec §5 (contact form) with the limits of SECURITY.md §1 (2.2.1).
export const NAME_MESSAGE = 'Name must be at least 2 characters';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const MESSAGE_MESSAGE = 'Message must be at least 10 characters';

export const contactMessageSchema = z
  .object({
    name: z.string(NAME_MESSAGE).trim().min(2, NAME_MESSAGE).max(100, 'Name must be at most 100 characters'),
    email: z.string(EMAIL_MESSAGE).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
    subject: z
      .string('Subject must be text')
      .trim()
      .max(200, 'Subject must be at most 200 characters')
      .optional()
      .transform((value) => value || undefined),
    message: z.string(MESSAGE_MESSAGE).trim().min(10, MESSAGE_MESSAGE).max(5000, 'Message must be at most 5000 characters'),
    /** Honeypot: hidden from people, filled in by bots. */
    website: z.string().optional(),
  })
  .strict();

export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** What POST /api/contact answers. */
export interface ContactMessageCreated {
  id: number;
}

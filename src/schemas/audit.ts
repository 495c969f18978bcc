import { z } from 'zod';
import { type Page, pageFields } from './page.ts';

// The audit log (/admin/audit, owner only): one row per security-relevant or destructive action.

/** Every action the log records, with the words the screen shows for it. */
export const AUDIT_ACTIONS = {
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Sign-in failed',
  'sign_in.second_factor_failed': 'Second factor failed',
  'sign_in.recovery_code_used': 'Recovery code used',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'session.ended': 'Session ended',
  'user.created': 'User created',
  'user.deleted': 'User deleted',
  'user.role_changed': 'Role changed',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset with an emailed link',
  'post.published': 'Post published',
  'post.unpublished': 'Post unpublished',
  'post.deleted': 'Post deleted',
  'media.deleted': 'Image deleted',
  'settings.changed': 'Settings changed',
  'subscribers.exported': 'Subscribers exported',
  'subscribers.imported': 'Subscribers imported',
  'subscriber.deleted': 'Subscriber deleted',
  'privacy.looked_up': 'Privacy request: looked up',
  'privacy.exported': 'Privacy request: exported',
  'privacy.erased': 'Privacy request: erased',
  'privacy.erasure_requested': 'Privacy request: erasure asked for in the portal',
  'email.resent': 'Email sent again',
  'calendar.connected': 'Calendar connected',
  'calendar.removed': 'Calendar removed',
  'calendar.feed_rotated': 'Calendar feed link replaced',
  'portal.signed_in': 'Client signed in to the portal',
  'portal.link_sent': 'Portal sign-in link sent by the coach',
  'portal.disabled': 'Portal access turned off',
  'portal.enabled': 'Portal access turned on',
  'payment.recorded': 'Payment recorded by hand',
  'payment.refunded': 'Payment refunded by the coach',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
const ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The log shows this many entries a page. */
export const AUDIT_PAGE_SIZE = 50;

const day = z.iso.date('Dates must be written as YYYY-MM-DD');

/** GET /api/admin/audit's filters. */
export const auditFilterSchema = z
  .object({
    actor: z.string().trim().max(254, 'Person must be at most 254 characters').optional(),
    action: z.enum(ACTION_NAMES, 'Action must be one of the listed actions').optional(),
    from: day.optional(),
    to: day.optional(),
    ...pageFields({ size: AUDIT_PAGE_SIZE }),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { message: 'From must be on or before To', path: ['to'] });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export interface AuditRow {
  id: number;
  at: string;
  actorEmail: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
}

export type AuditPage = Page<'entries', AuditRow>;

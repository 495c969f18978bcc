import { plural } from '#src/lib/plural.ts';
import type { AuditAction } from '#src/schemas/audit.ts';

// An audit entry's details in words (issue 32 §7): "With the password, from a new browser", not
// `newDevice: true`. Each action that records details has its own sentence; anything else, and
// any key an action's sentence does not know, reads as "Humanised key: value".

type Details = Record<string, unknown>;

/** Settings whose name is not its key in words, as Settings labels them. */
const KEY_NAMES: Record<string, string> = {
  coachTagline: 'Tagline',
  callLabel: 'Call button label',
  socialLinkedin: 'LinkedIn link',
  socialX: 'X link',
  socialFacebook: 'Facebook link',
  socialInstagram: 'Instagram link',
  newsletterEnabled: 'Newsletter',
  bookingEnabled: 'Booking',
  brandPrimary: 'Primary colour',
  brandAccent: 'Accent colour',
  brandLogo: 'Logo',
  brandFavicon: 'Favicon',
  requireTwoFactor: 'Two-factor sign-in required for admins',
};

/** `coachName` → "Coach name", `codes_left` → "Codes left". */
export function humaniseKey(key: string): string {
  const known = KEY_NAMES[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value in words: on/off for a switch, "(empty)" for nothing, nested ones spelled out. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(showValue).join(', ');
  if (isChange(value)) return `${showValue(value.from)} → ${showValue(value.to)}`;
  if (typeof value === 'object') {
    return Object.entries(value as Details)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '')
      .map(([key, inner]) => `${humaniseKey(key).toLowerCase()} ${showValue(inner)}`)
      .join(', ');
  }
  return String(value);
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** "Key: value" for each detail. */
const keyValueLines = (details: Details) => Object.entries(details).map(([key, value]) => `${humaniseKey(key)}: ${showValue(value)}`);

const SIGN_IN_METHODS: Record<string, string> = {
  password: 'the password',
  totp: 'an authenticator code',
  recovery_code: 'a recovery code',
  code: 'an authenticator code',
};
const method = (value: unknown) => SIGN_IN_METHODS[String(value)] ?? showValue(value);

/** server/services/sessions.ts SessionEndReason, in words. */
const SESSION_END_REASONS: Record<string, string> = {
  signed_out: 'signed out',
  signed_out_elsewhere: 'signed out everywhere else',
  password_changed: 'the password was changed',
  password_reset: 'the password was reset',
  two_factor_enabled: 'two-factor sign-in was turned on',
  two_factor_disabled: 'two-factor sign-in was turned off',
  user_deleted: 'the account was deleted',
};

const ROLES: Record<string, string> = { admin: 'Admin', user: 'User' };

/** An account as a row names it: "sam@example.com (Admin)". */
const account = ({ email, role }: Details) => `${showValue(email)}${role ? ` (${ROLES[String(role)] ?? showValue(role)})` : ''}`;

/** server/services/privacy.ts erase counts, in words. */
const ERASED: Record<string, [string, string]> = {
  contactMessages: ['contact message', 'contact messages'],
  subscriptions: ['newsletter subscription', 'newsletter subscriptions'],
  newsletterDeliveries: ['newsletter delivery unlinked', 'newsletter deliveries unlinked'],
  bookings: ['call', 'calls'],
  emails: ['email', 'emails'],
};

const count = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

/**
 * What each action's details say, as sentences. Each returns the lines for the keys it knows and
 * leaves the rest to "Key: value".
 */
const DESCRIBERS: Partial<Record<AuditAction, (details: Details) => { lines: string[]; used: string[] }>> = {
  'sign_in.succeeded': ({ method: how, newDevice }) => ({
    lines: [[how !== undefined && `With ${method(how)}`, newDevice === true && 'from a new browser'].filter(Boolean).join(', ')],
    used: ['method', 'newDevice'],
  }),
  'sign_in.second_factor_failed': ({ method: how, attempt }) => ({
    lines: [`Wrong ${how === 'recovery_code' ? 'recovery code' : 'authenticator code'}${attempt ? `, attempt ${showValue(attempt)}` : ''}`],
    used: ['method', 'attempt'],
  }),
  'sign_in.recovery_code_used': ({ codesLeft }) => ({
    lines: [count(codesLeft) === 0 ? 'No recovery codes left' : `${plural(count(codesLeft), 'recovery code', 'recovery codes')} left`],
    used: ['codesLeft'],
  }),
  'two_factor.disabled': ({ confirmedWith }) => ({ lines: [`Confirmed with ${method(confirmedWith)}`], used: ['confirmedWith'] }),
  'session.ended': ({ sessions, reason }) => ({
    lines: [
      `${plural(count(sessions), 'session', 'sessions')} ended${reason ? `: ${SESSION_END_REASONS[String(reason)] ?? showValue(reason)}` : ''}`,
    ],
    used: ['sessions', 'reason'],
  }),
  'user.created': (details) => ({ lines: [account(details)], used: ['email', 'role'] }),
  'user.deleted': (details) => ({ lines: [account(details)], used: ['email', 'role'] }),
  'user.password_changed': ({ email }) => ({ lines: [showValue(email)], used: ['email'] }),
  'user.password_reset': ({ email }) => ({ lines: [showValue(email)], used: ['email'] }),
  'post.published': ({ title, scheduled }) => ({
    lines: [title === undefined ? '' : `“${showValue(title)}”${scheduled === true ? ', at its scheduled time' : ''}`],
    used: ['title', 'scheduled'],
  }),
  'post.unpublished': ({ title }) => ({ lines: [title === undefined ? '' : `“${showValue(title)}”`], used: ['title'] }),
  'post.deleted': ({ title, slug }) => ({
    lines: [title === undefined ? '' : `“${showValue(title)}”${slug ? ` (/blog/${showValue(slug)})` : ''}`],
    used: ['title', 'slug'],
  }),
  'subscribers.exported': ({ count: exported, filter }) => {
    const { search, status } = (filter ?? {}) as Details;
    const matching = [search && `matching “${showValue(search)}”`, status && `${showValue(status)} only`].filter(Boolean);
    return {
      lines: [`${plural(count(exported), 'subscriber', 'subscribers')}${matching.length ? `, ${matching.join(', ')}` : ''}`],
      used: ['count', 'filter'],
    };
  },
  'subscribers.imported': ({ added, duplicates, invalid }) => ({
    lines: [`${count(added)} added, ${count(duplicates)} already on the list, ${count(invalid)} not valid`],
    used: ['added', 'duplicates', 'invalid'],
  }),
  'privacy.erased': (details) => {
    const erased = Object.entries(ERASED)
      .filter(([key]) => count(details[key]) > 0)
      .map(([key, [one, many]]) => plural(count(details[key]), one, many));
    return { lines: [erased.length ? `Erased ${erased.join(', ')}` : 'Nothing was found to erase'], used: Object.keys(ERASED) };
  },
};

/** An entry's details as lines of words: the action's own sentence, then "Key: value" for anything else. */
export function describeDetails(action: AuditAction, details: Details): string[] {
  const described = DESCRIBERS[action]?.(details);
  const used = new Set(described?.lines.some(Boolean) ? described.used : []);
  const rest = Object.fromEntries(Object.entries(details).filter(([key]) => !used.has(key)));
  return [...(described?.lines.filter(Boolean) ?? []), ...keyValueLines(rest)];
}

// ASVS 6.2.4, docs/security.md: the common-password list (docs/decisions.md, 2026-11-21) inside the one
// password policy, which the admin forms, the users API, the operator commands and ADMIN_PASSWORD share.
import { describe, expect, test } from 'bun:test';
import { parseEnv } from '../../server/env.ts';
import { COMMON_PASSWORDS, isCommonPassword } from '../../src/schemas/common-passwords.ts';
import { passwordSchema } from '../../src/schemas/password.ts';

const TOO_COMMON = 'This password is too common. Please choose another.';

/** The docs/product.md §5 rules alone: every listed password must pass them, or the list could never decide. */
const meetsSpecRules = (password: string) =>
  password.length >= 8 &&
  /[A-Z]/.test(password) &&
  /[a-z]/.test(password) &&
  /[0-9]/.test(password) &&
  /[!@#$%^&*()_+\-=[\]{}|;:,.<>?]/.test(password);

const messages = (password: string) => passwordSchema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];

describe('the list', () => {
  test('holds a few dozen entries, each meeting every docs/product.md §5 rule, none twice in any case', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(30);
    expect(COMMON_PASSWORDS.filter((password) => !meetsSpecRules(password))).toEqual([]);
    expect(new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase())).size).toBe(COMMON_PASSWORDS.length);
  });

  test('is compared case-insensitively, otherwise as received', () => {
    expect(isCommonPassword('Password1!')).toBe(true);
    expect(isCommonPassword('pASSWORD1!')).toBe(true);
    expect(isCommonPassword('PASSWORD1!')).toBe(true);
    // Not trimmed (ASVS 6.2.8): with a space it is another password, and not on the list.
    expect(isCommonPassword(' Password1!')).toBe(false);
    expect(isCommonPassword('Password1!x')).toBe(false);
  });
});

describe('the password policy', () => {
  for (const password of ['Password1!', 'pASSWORD1!', 'p@SSW0RD123', 'wELCOME123!', 'Qwerty123!', '1qaz@WSX']) {
    test(`refuses the common password ${password} with its message alone`, () => {
      expect(messages(password)).toEqual([TOO_COMMON]);
    });
  }

  test('a password failing a docs/product.md §5 rule hears only that rule, even if the list holds it in another case', () => {
    expect(messages('password1!')).toEqual(['Password must contain at least one uppercase letter']);
    expect(messages('PASSWORD1!')).toEqual(['Password must contain at least one lowercase letter']);
  });

  test('accepts a strong password, and a common one made longer', () => {
    expect(passwordSchema.safeParse('Correct-Horse-9!').success).toBe(true);
    expect(passwordSchema.safeParse('Password1!-plus-my-own-words').success).toBe(true);
  });

  test('production refuses to start with a common ADMIN_PASSWORD (ASVS 6.3.2, docs/security.md)', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'coach@example.com', ADMIN_PASSWORD: 'Welcome123!' })).toThrow(
      `ADMIN_PASSWORD: ${TOO_COMMON}`,
    );
  });
});

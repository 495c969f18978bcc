// ASVS 6.2.4, docs/security.md: the common-password list (docs/decisions.md, 2026-11-21 and 2026-11-25)
// inside the server's password policy, which the users API, the reset link, the operator commands and
// ADMIN_PASSWORD share; the admin forms check the docs/product.md §5 rules and show the server's answer.
import { describe, expect, test } from 'bun:test';
import { dictionary } from '@zxcvbn-ts/language-common';
import { CURATED_COMMON_PASSWORDS as COMMON_PASSWORDS, isCommonPassword, MOST_COMMON_PASSWORDS } from '#server/auth/common-passwords.ts';
import { passwordSchema } from '#server/auth/password-policy.ts';
import { parseEnv } from '#server/env.ts';
import { passwordRulesSchema } from '#src/schemas/password.ts';

const TOO_COMMON = 'This password is too common. Please choose another.';

/** The docs/product.md §5 rules alone: every listed password must pass them, or the list could never decide. */
const meetsSpecRules = (password: string) =>
  password.length >= 8 &&
  /[A-Z]/.test(password) &&
  /[a-z]/.test(password) &&
  /[0-9]/.test(password) &&
  /[!@#$%^&*()_+\-=[\]{}|;:,.<>?]/.test(password);

const messages = (password: string) => passwordSchema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];

describe('the 10,000 most common passwords', () => {
  const ranked = dictionary['passwords-common'];

  test("are the first 10,000 of @zxcvbn-ts/language-common's ranked list, lowercase, each once", () => {
    expect(ranked.length).toBeGreaterThan(10_000);
    expect(MOST_COMMON_PASSWORDS).toEqual(ranked.slice(0, 10_000));
    // Most common first (zxcvbn-ts data-scripts/_generators/PasswordGenerator.ts sorts by count).
    expect(MOST_COMMON_PASSWORDS.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
    expect(MOST_COMMON_PASSWORDS.filter((password) => password !== password.toLowerCase())).toEqual([]);
    expect(new Set(MOST_COMMON_PASSWORDS).size).toBe(10_000);
  });

  test('a listed password is common as it stands and in any letter case, deep in the list too', () => {
    expect(ranked.indexOf('gadget')).toBe(5000);
    expect(ranked.indexOf('greedisgood')).toBe(9940);
    expect(ranked.indexOf('24081990')).toBe(9999);
    for (const password of ['123456', 'password', 'gadget', 'GADGET', 'GreedIsGood', '24081990', 'sasha_007', 'P@SSW0RD']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  test('so is a listed word with digits and §5 symbols added before or after it, the way the rules are met', () => {
    for (const password of [
      'Gadget1!',
      'gadget2024!',
      '!!Gadget99',
      '2024-Gadget!',
      'Greedisgood1!',
      'Dragon@1',
      'Summer#2027',
      'Monkey!!!',
    ]) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  test('but not a listed word inside other words, with a space or another character added, or past the first 10,000', () => {
    expect(ranked.indexOf('tetris')).toBe(10_032);
    for (const password of [
      'Gadget-Garage-1!',
      'My-Gadget1!',
      'Gadget 1!',
      ' Gadget1!',
      'Gadget1!x',
      'Gadgets1!',
      'Tetris1!',
      'Tetris2024!',
      'Apricot#7',
    ]) {
      expect(isCommonPassword(password)).toBe(false);
    }
  });
});

describe('the curated list', () => {
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

  for (const [password, rank] of [
    ['Gadget1!', 5_001],
    ['Greedisgood1!', 9_941],
    ['Sasha_007', 6_802],
    ['2024Dragon!', 10],
  ] as const) {
    test(`refuses ${password}, a word ranked ${rank} made to meet the rules, with its message alone`, () => {
      expect(messages(password)).toEqual([TOO_COMMON]);
    });
  }

  test('accepts a word ranked just past 10,000 made to meet the rules', () => {
    expect(passwordSchema.safeParse('Tetris2024!').success).toBe(true);
    expect(passwordSchema.safeParse('Apricot#7x').success).toBe(true);
  });

  test("the browser's rules (passwordRulesSchema) are the §5 rules without the list: the server adds it", () => {
    expect(passwordRulesSchema.safeParse('Welcome123!').success).toBe(true);
    expect(passwordRulesSchema.safeParse('Gadget1!').success).toBe(true);
    expect(passwordRulesSchema.safeParse('password1!').error?.issues.map((issue) => issue.message)).toEqual([
      'Password must contain at least one uppercase letter',
    ]);
  });

  test('production refuses to start with a common ADMIN_PASSWORD (ASVS 6.3.2, docs/security.md)', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'coach@example.com', ADMIN_PASSWORD: 'Welcome123!' })).toThrow(
      `ADMIN_PASSWORD: ${TOO_COMMON}`,
    );
  });
});

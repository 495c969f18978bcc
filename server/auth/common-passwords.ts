// ASVS 6.2.4, docs/security.md#passwords: the common-password check of the password policy
// (./password-policy.ts). It runs on the server only: the list is ~97 KB of text, and the admin forms
// check just the docs/product.md §5 rules, then show the server's 400 under the password field
// (docs/decisions.md, 2026-11-25).
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the list's most common passwords are refused. */
export const MOST_COMMON_COUNT = 10_000;

/**
 * `@zxcvbn-ts/language-common`'s `passwords-common`, pinned exactly in package.json: passwords from
 * the Xato corpus of 10 million, lowercased, seen more than 10 times, sorted by how often they were
 * seen, most common first (zxcvbn-ts `data-scripts/_generators/PasswordGenerator.ts`). The generator
 * drops ASCII-less ones and ones zxcvbn's patterns (sequences, repeats, dates) already guess, so
 * these are the 10,000 most common of what is left. Read from the package at start: no network.
 */
export const MOST_COMMON_PASSWORDS: readonly string[] = dictionary['passwords-common'].slice(0, MOST_COMMON_COUNT);

/**
 * Common passwords that already meet every docs/product.md §5 rule as they stand (the list above is
 * lowercase, and only "p@ssw0rd" and "sasha_007" of its 10,000 have a digit and a symbol): the usual
 * choices, kept in the repository since docs/decisions.md 2026-11-21. Most are also caught as a
 * decorated word of the list (see `isCommonPassword`); the rest ("1qaz@WSX", "Pa$$w0rd") are not.
 */
export const CURATED_COMMON_PASSWORDS: readonly string[] = [
  'Password1!',
  'Password1@',
  'Password1#',
  'Password1$',
  'Password12!',
  'Password123!',
  'Password123@',
  'Password@123',
  'Password#1',
  'Passw0rd!',
  'Passw0rd1!',
  'Passw0rd123!',
  'Passw0rd@',
  'P@ssw0rd',
  'P@ssw0rd!',
  'P@ssw0rd1',
  'P@ssw0rd123',
  'P@ssword1',
  'P@ssword123',
  'P@$$w0rd',
  'P@$$w0rd1',
  'Pa$$w0rd',
  'Pa$$w0rd1',
  'Pa$$word1',
  'Welcome1!',
  'Welcome1@',
  'Welcome01!',
  'Welcome123!',
  'Welcome@123',
  'Qwerty1!',
  'Qwerty123!',
  'Qwerty@123',
  'Qwer1234!',
  'Qwertyuiop1!',
  'Asdf1234!',
  '1qaz@WSX',
  '1qaz!QAZ',
  'Zaq12wsx!',
  'Aa123456!',
  'Aa123456@',
  'Abc123!@#',
  'Abcd1234!',
  'Abcd@1234',
  'Admin123!',
  'Admin@123',
  'Admin1234!',
  'Test1234!',
  'Test@123',
  'Letmein1!',
  'Letmein123!',
  'Changeme1!',
  'Changeme123!',
  'Iloveyou1!',
  'Sunshine1!',
  'Monkey123!',
  'Dragon123!',
  'Football1!',
  'Baseball1!',
  'Trustno1!',
  'Hello123!',
  'Hello@123',
  'Summer2024!',
  'Summer2025!',
  'Summer2026!',
  'Winter2024!',
  'Winter2025!',
  'Winter2026!',
  'Spring2025!',
  'Autumn2025!',
];

const MOST_COMMON = new Set(MOST_COMMON_PASSWORDS);
const CURATED = new Set(CURATED_COMMON_PASSWORDS.map((password) => password.toLowerCase()));
const LONGEST = Math.max(...MOST_COMMON_PASSWORDS.map((password) => password.length));

/** A digit or one of the docs/product.md §5 special characters: what the rules make people add. */
const DECORATION = /[0-9!@#$%^&*()_+\-=[\]{}|;:,.<>?]/;

/**
 * Whether the password is common, compared in lower case and otherwise as received (no trimming: a
 * space is part of the password, ASVS 6.2.8). Common means one of the curated passwords, or one of
 * the 10,000 with digits and §5 symbols added before or after it, any number of them: how a listed
 * word is made to pass the §5 rules ("Dragon123!", "Gadget1!", "2024Summer!", "P@ssw0rd123"). The
 * word itself must be exactly a listed one, so "Password1!-plus-my-own-words" is not common.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (CURATED.has(lower)) return true;
  let start = 0;
  while (start < lower.length && DECORATION.test(lower[start]!)) start++;
  let end = lower.length;
  while (end > start && DECORATION.test(lower[end - 1]!)) end--;
  // Every way to keep part of the leading and the trailing decoration; no listed password is longer than LONGEST.
  for (let from = 0; from <= start; from++) {
    for (let to = end; to <= lower.length && to - from <= LONGEST; to++) {
      if (MOST_COMMON.has(lower.slice(from, to))) return true;
    }
  }
  return false;
}

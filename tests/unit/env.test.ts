import { describe, expect, test } from 'bun:test';
import { InvalidEnvironmentError, parseEnv } from '#server/env.ts';

describe('environment', () => {
  test('defaults: development, port 3000, PGlite in ./.data/pglite', () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe('development');
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe('./.data/pglite');
  });

  test('empty values count as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  test('production refuses to start without the owner credentials, naming both', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(InvalidEnvironmentError);
    try {
      parseEnv({ NODE_ENV: 'production' });
    } catch (error) {
      expect((error as Error).message).toContain('ADMIN_EMAIL: is required in production');
      expect((error as Error).message).toContain('ADMIN_PASSWORD: is required in production');
    }
  });

  test('production accepts a policy-compliant owner password', () => {
    const env = parseEnv({ NODE_ENV: 'production', ADMIN_EMAIL: 'coach@example.com', ADMIN_PASSWORD: 'Str0ng!Pass' });
    expect(env.ADMIN_EMAIL).toBe('coach@example.com');
  });

  test('every bad variable is listed at once', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'weak' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('ADMIN_PASSWORD: Password must be at least 8 characters');
  });

  test('WEB_CONCURRENCY: one process by default; more only on Postgres, since PGlite is opened by one process', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/app' }).WEB_CONCURRENCY).toBe(2);
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY: above 1 needs DATABASE_URL: the embedded PGlite database is opened by one process only',
    );
    expect(() => parseEnv({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/app' })).toThrow('WEB_CONCURRENCY');
  });
});

describe('email settings', () => {
  const problems = (vars: Record<string, string>) => {
    try {
      parseEnv(vars);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('SMTP_URL: smtp:// and smtps:// with credentials are accepted; anything else stops the start', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://user:pa%40ss@mail.example:587', MAIL_FROM: 'a@coach.example' }).SMTP_URL).toBe(
      'smtp://user:pa%40ss@mail.example:587',
    );
    expect(parseEnv({ SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'a@coach.example' }).SMTP_URL).toContain('smtps://');
    expect(problems({ SMTP_URL: 'https://mail.example', MAIL_FROM: 'a@coach.example' })).toContain(
      'SMTP_URL: must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)',
    );
    expect(problems({ SMTP_URL: 'mail.example:587', MAIL_FROM: 'a@coach.example' })).toContain('SMTP_URL:');
  });

  test('MAIL_FROM is required with SMTP_URL, and must be an address or "Name" <address> on one line', () => {
    expect(problems({ SMTP_URL: 'smtp://mail.example' })).toContain('MAIL_FROM: is required when SMTP_URL is set');
    expect(parseEnv({ MAIL_FROM: '"Summit Coaching" <hello@coach.example>' }).MAIL_FROM).toBe('"Summit Coaching" <hello@coach.example>');
    expect(parseEnv({ MAIL_FROM: 'hello@coach.example' }).MAIL_FROM).toBe('hello@coach.example');
    for (const bad of ['Summit Coaching', '"Coach" <not-an-address>', '"Coach\r\nBcc: x@y.example" <a@coach.example>']) {
      expect(problems({ MAIL_FROM: bad })).toContain('MAIL_FROM: must be an address, or "Name" <address> (no line breaks)');
    }
  });

  test('DKIM: all three or none, a domain name, a DNS label and a PEM private key', () => {
    expect(problems({ DKIM_DOMAIN: 'coach.example' })).toContain('DKIM_SELECTOR: is required when any DKIM_* variable is set');
    expect(problems({ DKIM_DOMAIN: 'coach.example', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'not a key' })).toContain(
      'DKIM_PRIVATE_KEY: must be a PEM private key',
    );
    expect(problems({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'x' })).toContain(
      'DKIM_DOMAIN: must be a domain name (coach.example)',
    );
  });

  test('ENCRYPTION_KEY is 32 bytes in base64; the previous key needs a new one and differs from it', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const other = Buffer.alloc(32, 9).toString('base64');
    expect(parseEnv({ ENCRYPTION_KEY: key }).ENCRYPTION_KEY).toBe(key);
    for (const bad of ['secret', Buffer.alloc(16, 7).toString('base64'), Buffer.alloc(33, 7).toString('base64')]) {
      expect(problems({ ENCRYPTION_KEY: bad })).toContain(
        'ENCRYPTION_KEY: must be 32 random bytes in base64: make one with openssl rand -base64 32',
      );
    }
    expect(problems({ ENCRYPTION_KEY_PREVIOUS: key })).toContain('ENCRYPTION_KEY: is required when ENCRYPTION_KEY_PREVIOUS is set');
    expect(problems({ ENCRYPTION_KEY: key, ENCRYPTION_KEY_PREVIOUS: key })).toContain(
      'ENCRYPTION_KEY_PREVIOUS: must differ from ENCRYPTION_KEY',
    );
    expect(parseEnv({ ENCRYPTION_KEY: key, ENCRYPTION_KEY_PREVIOUS: other }).ENCRYPTION_KEY_PREVIOUS).toBe(other);
  });

  test('SMTP_MAX_PER_SECOND defaults to 5 and must be a whole number from 1', () => {
    expect(parseEnv({}).SMTP_MAX_PER_SECOND).toBe(5);
    expect(problems({ SMTP_MAX_PER_SECOND: '0' })).toContain('SMTP_MAX_PER_SECOND:');
  });
});

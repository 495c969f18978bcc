import { describe, expect, test } from 'bun:test';
import { InvalidEnvironmentError, parseEnv } from '../../server/env.ts';

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
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the production build on a fresh database and a free port, both
// chosen by scripts/test.ts (the fallbacks serve a direct `playwright test`). Workers inherit
// the values set here, so every process agrees on them.
process.env.E2E_PORT ??= '3310';
process.env.E2E_PGLITE_DIR ??= path.join(mkdtempSync(path.join(tmpdir(), 'e2e-')), 'pglite');
// The SMTP server the journeys read email from (tests/browser/support/smtp-sink.ts): its port,
// and the folder it writes each message to, since the tests run in other processes.
process.env.E2E_SMTP_PORT ??= '3325';
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-mail-'));
// Stripe's API as the payment journeys answer it (tests/browser/support/stripe.ts), started by the journey that pays.
process.env.E2E_STRIPE_PORT ??= '3327';
// E2E_BASE_URL points the journeys at a server that is already running (no server is started).
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests/browser',
  testMatch: '**/*.e2e.ts',
  workers: 1,
  // Playwright empties its output folder at start: keep it apart from the other runners' JUnit files.
  outputDir: 'test-results/browser-artifacts',
  globalSetup: './tests/browser/support/smtp-sink.ts',
  timeout: 30_000,
  reporter: [['list'], ['junit', { outputFile: process.env.E2E_JUNIT ?? 'test-results/junit-browser.xml' }]],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        command: 'bun scripts/start.ts',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          PORT: process.env.E2E_PORT,
          PGLITE_DIR: process.env.E2E_PGLITE_DIR,
          DATABASE_URL: '',
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'E2e-Owner-Passw0rd!',
          // Scheduled posts come due within seconds in the journeys, not the production 30 s.
          SCHEDULER_INTERVAL_MS: '2000',
          // Real delivery to the journeys' SMTP server; should it start after the site, the first tries are retried within a second.
          SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${process.env.E2E_SMTP_PORT}`,
          MAIL_FROM: '"Summit Coaching" <hello@coach.example>',
          OUTBOX_POLL_MS: '200',
          OUTBOX_RETRY_BASE_MS: '200',
          // Every journey books and writes from 127.0.0.1.
          BOOKING_LIMIT_PER_HOUR: '1000',
          // …and several journeys book as one visitor's address.
          BOOKING_LIMIT_PER_ADDRESS_PER_DAY: '1000',
          CONTACT_LIMIT_PER_10_MIN: '1000',
          // Session notes are stored only under a key (a fixed one for the journeys).
          ENCRYPTION_KEY: 'ZTJlLXNlc3Npb24tbm90ZXMta2V5LTMyLWJ5dGVzISE=',
          // The calendar journey's CalDAV server (Radicale) and feed are on loopback, and a feed that
          // fails is reported after a second rather than an hour.
          CALENDAR_ALLOW_PRIVATE: '1',
          CALENDAR_STALE_AFTER_MS: '1000',
          // Payments on, against the Stripe-shaped server a paying journey starts on this port.
          STRIPE_SECRET_KEY: 'sk_test_payments0tests',
          STRIPE_WEBHOOK_SECRET: 'whsec_paymentsTestSecret',
          STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
        },
      },
});

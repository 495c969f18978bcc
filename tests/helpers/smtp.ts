// A real SMTP server in the test process (smtp-server), on a free loopback port; what arrives is
// parsed with mailparser. `failWith` makes it answer the next messages with an SMTP error, `stop`
// and `start` take it away and bring it back on the same port.
import { afterAll, beforeAll } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  parsed: ParsedMail;
  /** When it was accepted (ms since the epoch). */
  at: number;
  raw: string;
  envelopeTo: string[];
}

export interface TestSmtp {
  readonly port: number;
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  readonly url: string;
  readonly received: ReceivedEmail[];
  /** Answers the next `times` messages with `code message` instead of accepting them. */
  failWith(code: number, message: string, times?: number): void;
  /** Accepts the connection, then closes it before the greeting, for the next `times` connections. */
  hangUp(times?: number): void;
  /** How many connections hangUp closed. */
  readonly dropped: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` emails arrived in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<[ReceivedEmail, ...ReceivedEmail[]]>;
}

/**
 * `port`: a fixed one (else any free one); `saveTo`: a folder that gets each message as n.eml;
 * `delayMs`: how long each message takes to be accepted (a slow server, so a sender can die mid-send).
 */
export async function startTestSmtp({
  port: fixedPort = 0,
  saveTo,
  delayMs = 0,
}: {
  port?: number;
  saveTo?: string;
  delayMs?: number;
} = {}): Promise<TestSmtp> {
  const received: ReceivedEmail[] = [];
  let failures: { code: number; message: string; times: number } | null = null;
  let hangUps = 0;
  let dropped = 0;
  let server: SMTPServer | null = null;
  let port = fixedPort;

  const smtp = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      // Plain text on loopback: no certificate to trust, and what nodemailer sends is readable.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (delayMs > 0) await Bun.sleep(delayMs);
          if (failures && failures.times > 0) {
            failures.times--;
            const error = Object.assign(new Error(failures.message), { responseCode: failures.code });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          if (saveTo) writeFileSync(path.join(saveTo, `${String(received.length + 1).padStart(4, '0')}.eml`), raw);
          received.push({
            parsed: await simpleParser(raw),
            at: Date.now(),
            raw,
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        });
      },
    });

  async function start() {
    server = smtp();
    // A sender killed mid-message resets its connection: expected here, not a failure of the test.
    server.on('error', () => {});
    // Runs after the SMTP server took the connection, before its greeting: the sender sees it drop.
    server.server.on('connection', (socket) => {
      if (hangUps > 0) {
        hangUps--;
        dropped++;
        socket.destroy();
      }
    });
    await new Promise<void>((resolve, reject) => {
      server!.server.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as { port: number }).port;
  }

  async function stop() {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  if (saveTo) mkdirSync(saveTo, { recursive: true });
  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://mailer:secret@127.0.0.1:${port}`;
    },
    received,
    failWith(code, message, times = 1) {
      failures = { code, message, times };
    },
    hangUp(times = 1) {
      hangUps = times;
    },
    get dropped() {
      return dropped;
    },
    stop,
    start,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${received.length}`);
        await Bun.sleep(20);
      }
      return received as [ReceivedEmail, ...ReceivedEmail[]];
    },
  };
}

/**
 * A test SMTP server for the calling file's tests: started before them, stopped after them. The
 * handle is there at once, so a helper can hand it out; it reaches the server once the tests run.
 */
export function testSmtpForFile(): TestSmtp {
  let server: TestSmtp | undefined;
  beforeAll(async () => {
    server = await startTestSmtp();
  });
  afterAll(() => server?.stop());
  const started = () => {
    if (!server) throw new Error('the test SMTP server starts before the file’s tests');
    return server;
  };
  return {
    get port() {
      return started().port;
    },
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
    failWith: (code, message, times) => started().failWith(code, message, times),
    hangUp: (times) => started().hangUp(times),
    get dropped() {
      return started().dropped;
    },
    stop: () => started().stop(),
    start: () => started().start(),
    waitFor: (count, timeoutMs) => started().waitFor(count, timeoutMs),
  };
}

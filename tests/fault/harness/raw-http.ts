// Raw HTTP/1.1 over a socket, for the clients no fetch can play (slow, dripping, oversized): what
// was sent before the answer, what came back, when it closed and who closed it.
import net from 'node:net';

export class RawClient {
  readonly socket: net.Socket;
  readonly openedAt = performance.now();
  sent = 0;
  sentBeforeAnswer = -1;
  received = '';
  answeredAt = 0;
  closedAt = 0;
  /** When the server (not this test) ended the connection; 0 if it did not. */
  closedByServerAt = 0;
  error = '';
  readonly closed: Promise<void>;
  private answerWaiters: Array<() => void> = [];

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      if (!this.answeredAt) {
        this.answeredAt = performance.now();
        this.sentBeforeAnswer = this.sent;
      }
      this.received += chunk.toString('latin1');
      for (const wake of this.answerWaiters.splice(0)) wake();
    });
    this.socket.on('error', (error: NodeJS.ErrnoException) => {
      this.error ||= error.code ?? error.message;
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.closedAt = performance.now();
        if (!this.destroyedHere) this.closedByServerAt = this.closedAt;
        for (const wake of this.answerWaiters.splice(0)) wake();
        resolve();
      }),
    );
  }

  get done() {
    return this.answeredAt > 0 || this.closedAt > 0;
  }
  get status(): string {
    return this.received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? (this.closedAt ? 'closed, no answer' : 'no answer');
  }
  get body(): string {
    const at = this.received.indexOf('\r\n\r\n');
    return at < 0 ? '' : this.received.slice(at + 4);
  }
  header(name: string): string | undefined {
    const head = this.received.split('\r\n\r\n')[0] ?? '';
    return head.match(new RegExp(`^${name}: *(.*)$`, 'im'))?.[1]?.trim();
  }

  /** Writes and waits until the kernel took it (or the socket is gone). */
  write(data: string | Buffer): Promise<void> {
    if (this.socket.destroyed || this.closedAt) return Promise.resolve();
    this.sent += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    return new Promise((resolve) => {
      if (this.socket.write(data)) resolve();
      else {
        this.socket.once('drain', resolve);
        this.socket.once('close', resolve);
      }
    });
  }

  /** Resolves at the first byte of an answer, at the close, or after `ms`. */
  answer(ms: number): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.answerWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private destroyedHere = false;
  destroy() {
    this.destroyedHere = true;
    this.socket.destroy();
  }
}

/** An HTTP/1.1 head from its lines (the blank line after them included). */
export const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
/** One chunk of a chunked body. */
export const chunk = (data: string | Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')]);

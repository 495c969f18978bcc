// One production server process as a fault test sees it: its log (read as it comes, sorted into
// request lines and the rest), its health, its memory, and stopping or killing it.
import { readFileSync } from 'node:fs';
import { liveServers } from './registry.ts';
import { sleep } from './wait.ts';

export interface StopResult {
  exitCode: number | null;
  signalCode: NodeJS.Signals | number | null;
  ms: number;
  killed: boolean;
}

// Request lines ("GET /blog 200 3.1ms") are most of the log under load: only the 500s among them
// are kept. Every other line is kept (up to MAX_LOG_LINES), so nothing telling is lost in a long run.
const MAX_LOG_LINES = 200_000;
const REQUEST_LINE = /^[A-Z]+ \S+ (\d{3}) [\d.]+ms$/;
// porsager/postgres #1208 (PR #1209 open): nextWrite on a socket already closed, thrown from a
// setImmediate. Counted apart in the figures; Bun 1.4.5 exits on such a throw, so a server it hits
// stops and the test fails on that (docs/reliability.md).
const KNOWN_DRIVER_DEFECT = /TypeError: null is not an object \(evaluating 'socket\.write'\)/;

export class AppServer {
  /** Every log line but the request lines. */
  readonly lines: string[] = [];
  /** Request lines that answered 500. */
  readonly serverErrors: string[] = [];
  requestLines = 0;
  private readers: Promise<void>[] = [];
  constructor(
    readonly name: string,
    readonly port: number,
    readonly proc: ReturnType<typeof Bun.spawn<'ignore', 'pipe', 'pipe'>>,
  ) {
    this.readers = [this.read(proc.stdout), this.read(proc.stderr)];
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }
  get pid() {
    return this.proc.pid;
  }
  url(pathname: string) {
    return `${this.origin}${pathname}`;
  }

  private async read(stream: ReadableStream<Uint8Array>) {
    // Always drained: a full pipe would block the server's console.log and stall it.
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of stream) {
      const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) this.push(line);
    }
    if (rest) this.push(rest);
  }

  private waiters: Array<{ pattern: RegExp; resolve: (at: number) => void }> = [];

  /** Resolves with the time (performance.now()) the first line matching `pattern` from now on is read. */
  nextLine(pattern: RegExp): Promise<number> {
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }

  private push(line: string) {
    const at = performance.now();
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.pattern.test(line)) return true;
      waiter.resolve(at);
      return false;
    });
    const request = REQUEST_LINE.exec(line);
    if (request) {
      this.requestLines++;
      if (request[1] === '500') this.serverErrors.push(line);
      return;
    }
    if (this.lines.length < MAX_LOG_LINES) this.lines.push(line);
  }

  /** Log lines (request lines aside) matching `pattern`. */
  grep(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }

  /**
   * Lines that mean a bug, not a handled fault: unhandled rejections, uncaught programming errors,
   * 500s. A failed query printed inside Waku's "Error during rendering" report is handled (the
   * page answers the 503 view) and is counted apart.
   */
  problems(): string[] {
    return [
      ...this.serverErrors,
      ...this.lines.filter(
        (line) =>
          (/unhandled|uncaught|Internal server error|"level":"error".*"path"/i.test(line) ||
            /^\s*(TypeError|ReferenceError|SyntaxError|RangeError|panic)\b/.test(line)) &&
          !/scheduled_publishing_failed/.test(line) &&
          !KNOWN_DRIVER_DEFECT.test(line),
      ),
    ];
  }

  /** The lines around the first line matching `pattern` (for a failure's report). */
  around(pattern: RegExp, before = 24, after = 12): string[] {
    const index = this.lines.findIndex((line) => pattern.test(line));
    return index < 0 ? [] : this.lines.slice(Math.max(0, index - before), index + after + 1);
  }

  /** postgres.js 3.4.9's uncaught TypeError from a write on a closed socket (see docs/reliability.md). */
  driverDefects(): number {
    return this.grep(KNOWN_DRIVER_DEFECT).length;
  }

  get running() {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Resident memory in MB, from /proc (0 once the process is gone). */
  rssMb(): number {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? 0);
      return Math.round(kb / 102.4) / 10;
    } catch {
      return 0;
    }
  }

  /** Waits for GET /api/health to answer 200; throws with the server's last log lines otherwise. */
  async waitHealthy(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) break;
      try {
        const response = await fetch(this.url('/api/health'), { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {}
      await sleep(50);
    }
    throw new Error(`${this.name} not healthy (exit ${this.proc.exitCode}):\n${this.lines.slice(-30).join('\n')}`);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  async stop({ graceMs = 15_000 }: { graceMs?: number } = {}): Promise<StopResult> {
    const started = performance.now();
    let killed = false;
    if (this.running) {
      this.proc.kill('SIGTERM');
      const timer = setTimeout(() => {
        killed = true;
        this.proc.kill('SIGKILL');
      }, graceMs);
      await this.proc.exited;
      clearTimeout(timer);
    }
    await Promise.all(this.readers);
    liveServers.delete(this);
    return { exitCode: this.proc.exitCode, signalCode: this.proc.signalCode, ms: performance.now() - started, killed };
  }

  /** kill -9: no cleanup of any kind in the server. */
  async kill9(): Promise<void> {
    this.proc.kill('SIGKILL');
    await this.proc.exited;
    await Promise.all(this.readers);
    liveServers.delete(this);
  }
}

import { PASSWORDS_DONT_MATCH } from '#src/schemas/user.ts';

/** Why no password was read: said to the operator (never with what was typed), then the command exits with `exitCode`. */
export class PasswordNotRead extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'PasswordNotRead';
  }
}

/**
 * The password for an operator command: asked for on a terminal, twice, without echo (nothing is
 * printed as it is typed, like `passwd`), or read from the first line of standard input when it is
 * piped (`printf '%s\n' "$PW" | bun run admin:create -- ...`). Never a flag or an environment
 * variable, so it stays out of shell history and process listings (`ps` shows every argument).
 * Throws `PasswordNotRead` when the two entries differ or the operator presses Ctrl-C.
 */
export async function readPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const input = await Bun.stdin.text();
    return input.split(/\r?\n/)[0] ?? '';
  }
  const [password, again] = await readHidden([question, 'Repeat it: ']);
  if (again !== password) throw new PasswordNotRead(PASSWORDS_DONT_MATCH, 1);
  return password!;
}

const ENTER = new Set(['\r', '\n', '\u0004']); // Enter, or Ctrl-D
const CTRL_C = '\u0003';
const CTRL_U = '\u0015'; // clears what was typed, as on a terminal's own line
const BACKSPACE = new Set(['\u007f', '\b']);
const ESCAPE = '\u001b'; // starts an arrow or function key's sequence: not part of a password

/**
 * One line from the terminal per question, in one raw-mode session (so what is typed ahead is
 * kept): each question on stderr, nothing echoed while typing, a newline after Enter.
 */
async function readHidden(questions: readonly string[]): Promise<string[]> {
  const stdin = process.stdin;
  const lines: string[] = [];
  let typed: string[] = [];
  let onData: (chunk: string) => void = () => {};
  // Echo is off before the question shows, so nothing typed after it is ever echoed.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  process.stderr.write(questions[0]!);
  try {
    return await new Promise<string[]>((resolve, reject) => {
      onData = (chunk) => {
        let inKeySequence = false;
        for (const char of chunk) {
          if (ENTER.has(char)) {
            lines.push(typed.join(''));
            typed = [];
            inKeySequence = false;
            process.stderr.write('\n');
            if (lines.length === questions.length) return resolve(lines);
            process.stderr.write(questions[lines.length]!);
          } else if (char === CTRL_C) {
            process.stderr.write('\n');
            return reject(new PasswordNotRead('Cancelled.', 130));
          } else if (char === ESCAPE) {
            inKeySequence = true; // the rest of this chunk is the key's sequence
          } else if (inKeySequence) {
            // still the key's sequence
          } else if (BACKSPACE.has(char)) {
            typed = typed.slice(0, -1);
          } else if (char === CTRL_U) {
            typed = [];
          } else if (char >= ' ') {
            typed.push(char);
          }
        }
      };
      stdin.on('data', onData);
      stdin.resume();
    });
  } finally {
    stdin.off('data', onData);
    stdin.setRawMode(false);
    stdin.pause();
  }
}

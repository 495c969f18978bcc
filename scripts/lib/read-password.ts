/**
 * The password for an operator command: asked for on a terminal, or read from the first line of
 * standard input when it is piped (`echo "$PW" | bun run admin:create -- ...`). Never a flag, so it
 * stays out of shell history and process listings.
 */
export async function readPassword(question: string): Promise<string> {
  if (process.stdin.isTTY) return prompt(question) ?? '';
  const input = await Bun.stdin.text();
  return input.split(/\r?\n/)[0] ?? '';
}

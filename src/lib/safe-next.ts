/**
 * Where to go after signing in: a same-site path starting with exactly one `/`, else /admin
 * (SECURITY.md 3.7.2: `//evil.example`, `/\evil.example` and absolute URLs never redirect away).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !/^\/(?![/\\])/.test(next) || /[\u0000-\u001f]/.test(next)) return '/admin';
  return next;
}

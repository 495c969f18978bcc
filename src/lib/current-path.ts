/** A nav link is current on its own path; Home only on `/`, sections also on their sub-pages. */
export function isCurrentPath(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

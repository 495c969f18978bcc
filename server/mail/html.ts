// Email HTML is built with this tagged template rather than React: the API runs inside Waku's
// React Server environment, where react-dom/server is not available. Every interpolated value is
// escaped unless it is itself the result of `html`, the same rule JSX follows.

const SAFE = Symbol('safe-html');

export interface SafeHtml {
  readonly [SAFE]: true;
  readonly value: string;
}

const safe = (value: string): SafeHtml => ({ [SAFE]: true, value });

const isSafe = (value: unknown): value is SafeHtml => typeof value === 'object' && value !== null && SAFE in value;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

type Interpolation = SafeHtml | string | number | null | undefined | false | Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (isSafe(value)) return value.value;
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return safe(strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]!) : ''), ''));
}

/** HTML that is already safe: the output of the site's Markdown sanitiser, and nothing else. */
export const sanitizedHtml = (value: string): SafeHtml => safe(value);

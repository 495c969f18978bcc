// Full-text search over the published posts (issue 18): a match's title and a passage of its
// excerpt or body, with the matched words marked. Text is kept as parts, never as HTML: pages
// render the parts as React elements, and the JSON API gets them escaped by markedHtml.

/** At most this many characters of a search are read. */
export const SEARCH_MAX = 200;

export type MarkedText = Array<{ text: string; mark: boolean }>;

export interface SearchHighlight {
  title: MarkedText;
  snippet: MarkedText;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The parts as HTML: every character of the text escaped, each marked part in `<mark>`. */
export const markedHtml = (parts: MarkedText) =>
  parts
    .map(({ text, mark }) => {
      const escaped = text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
      return mark ? `<mark>${escaped}</mark>` : escaped;
    })
    .join('');

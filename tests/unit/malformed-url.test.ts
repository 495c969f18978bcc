// Issue 33 §3: which addresses are refused before any route, page or cache reads them
// (server/http/malformed-url.ts): those that decode to NUL or to no UTF-8 at all.
import { describe, expect, test } from 'bun:test';
import { isCleanEncoded, MALFORMED_URL_MESSAGE, malformedUrl } from '#server/http/malformed-url.ts';

const url = (path: string) => new URL(`http://localhost${path}`);

describe('isCleanEncoded', () => {
  test('NUL, lone surrogates, overlong forms and stray bytes are refused', () => {
    for (const text of [
      '%00',
      'a%00b',
      '\u0000',
      '%ED%A0%80',
      '%ed%bf%bf',
      '%C0%AE',
      '%C0%AF',
      '%E0%80%AF',
      '%F0%80%80%AF',
      '%FF',
      '%80',
      '%C3',
      'x\uD800',
      '\uDC00y',
    ]) {
      expect({ text, clean: isCleanEncoded(text) }).toEqual({ text, clean: false });
    }
  });

  test('well-formed text passes: ASCII, encoded and raw accents and emoji, a % not followed by two hex digits', () => {
    for (const text of ['', '/blog', 'caf%C3%A9', 'café', '%F0%9F%99%82', '🙂', '100%', '%25', '%zz', '%2500', 'a+b', '%E2%80%8D']) {
      expect({ text, clean: isCleanEncoded(text) }).toEqual({ text, clean: true });
    }
  });
});

describe('malformedUrl', () => {
  const address = { message: MALFORMED_URL_MESSAGE };

  test('the path and the query are both read; a refused value names its parameter', () => {
    expect(malformedUrl(url('/blog?tag=leadership&page=2'))).toBeNull();
    expect(malformedUrl(url('/blog?flag&q=caf%C3%A9+bar'))).toBeNull();
    expect(malformedUrl(url('/x%00'))).toEqual(address);
    expect(malformedUrl(url('/blog/%C0%AE%C0%AE'))).toEqual(address);
    expect(malformedUrl(url('/blog?%00=1'))).toEqual(address);
    expect(malformedUrl(url('/blog?page=2&tag=%00'))).toEqual({ message: 'tag contains characters that are not allowed', field: 'tag' });
    expect(malformedUrl(url('/blog?my+tag=%ED%A0%80'))).toEqual({
      message: 'my tag contains characters that are not allowed',
      field: 'my tag',
    });
  });

  test("a page's RSC request: the page's own query, encoded once more, is read as well", () => {
    expect(malformedUrl(url('/RSC/R/blog.txt?query=tag%3Dleadership'))).toBeNull();
    expect(malformedUrl(url('/RSC/R/blog.txt?query=q%3D100%2525'))).toBeNull();
    expect(malformedUrl(url('/RSC/R/blog.txt?query=tag%3D%2500'))).toEqual(address);
    expect(malformedUrl(url('/RSC/R/blog.txt?query=tag%3D%25ED%25A0%2580'))).toEqual(address);
    // Elsewhere an encoded `%00` is the text "%00", which is harmless.
    expect(malformedUrl(url('/api/blog-posts?search=%2500'))).toBeNull();
  });
});

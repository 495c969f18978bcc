import { describe, expect, test } from 'bun:test';
import { readingTimeMinutes, renderPostBody } from '#server/markdown/render.ts';

const FORBIDDEN_ELEMENTS = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'svg', 'math'];

/** The one input a body may hold: a GFM task's checkbox, disabled, ticked or not. */
const TASK_CHECKBOX = /^<input(?: (?:type="checkbox"|disabled|checked|value="[^"]*"))*>$/;
const inputsIn = (html: string) => html.match(/<input\b[^>]*>/gi) ?? [];

const decodeEntities = (value: string) =>
  value
    .replace(/&#x([\da-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/gi, '&');

/** The attributes of every tag, read the way rehype-stringify writes them (values always double-quoted). */
function attributesIn(html: string): { name: string; value: string }[] {
  return [...html.matchAll(/<[a-z][a-z\d-]*((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/gi)].flatMap((tag) =>
    [...(tag[1] ?? '').matchAll(/\s+([^\s"'>/=]+)(?:="([^"]*)")?/g)].map((attribute) => ({
      name: (attribute[1] ?? '').toLowerCase(),
      value: attribute[2] ?? '',
    })),
  );
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'cite', 'longdesc', 'poster', 'data']);

function expectInert(html: string): void {
  for (const tag of FORBIDDEN_ELEMENTS) expect(html.toLowerCase()).not.toContain(`<${tag}`);
  for (const input of inputsIn(html)) {
    expect(input).toMatch(TASK_CHECKBOX);
    expect(input).toContain(' disabled');
    expect(input).toContain('type="checkbox"');
  }
  // Quoted values are blanked first: a `title="<img onerror=…>"` is text, and the tag-level checks below still see it.
  expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/\son[a-z]+\s*=/i);
  const attributes = attributesIn(html);
  expect(attributes.filter(({ name }) => name.startsWith('on') || name === 'style')).toEqual([]);
  for (const { name, value } of attributes.filter(({ name }) => URL_ATTRIBUTES.has(name))) {
    // As a browser reads the URL: entities decoded, tabs and newlines dropped.
    const url = decodeEntities(value).replace(/[\t\n\r]/g, '');
    expect(`${name}=${url}`).not.toMatch(/^[^=]+=\s*(?:javascript|vbscript|data):/i);
  }
}

// docs/security.md#markdown, plus the obvious variants of the URL tricks.
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x73;cript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](java&#x73;cript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD4=)',
  '[x]: javascript:alert(1)\n\n[x]',
  '![x](javascript:alert(1))',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![x](x"onerror="alert(1))',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form action="https://evil.example"><input></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<base href="https://evil.example">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>body{display:none}</style>',
  '<p style="position:fixed;inset:0">x</p>',
  '<details open ontoggle=alert(1)>x</details>',
  '<input autofocus onfocus=alert(1)>',
  '<div onclick="alert(1)" onmouseover="alert(1)">x</div>',
  '<img name=getElementById>',
  '<p id="__proto__">x</p>',
  '<!--',
  '<!-- <script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><script>alert(1)</script></textarea>',
  // Mutation XSS (issue 23's probe list): markup a sanitiser reads one way and a browser re-parses another.
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<svg><script>alert(1)</script></svg>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  // GFM's own constructs (remark-gfm): footnotes make ids and links, task lists make inputs, tables hold cells.
  'x[^<script>]\n\n[^<script>]: <script>alert(1)</script>',
  'x[^x]\n\n[^x]: javascript:alert(1)',
  'x[^x]\n\n[^x]: [y](javascript:alert(1))',
  'x[^__proto__]\n\n[^__proto__]: y',
  'x[^"onmouseover="alert(1)]\n\n[^"onmouseover="alert(1)]: y',
  '- [ ] <input type="text" onfocus="alert(1)" autofocus>',
  '- [x] <img src=x onerror=alert(1)>',
  '<ul class="contains-task-list"><li class="task-list-item"><input type="text" onfocus="alert(1)" autofocus></li></ul>',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '~~<a href="javascript:alert(1)">x</a>~~',
  'www.example.com/javascript:alert(1) javascript:alert(1)',
];

const inMarkdown = (payload: string) => `## Intro\n\nSome *text* before ${payload} and after.\n\n${payload}\n\n- item\n`;
const inHtml = (payload: string) => `<h2>Intro</h2><p>Some <em>text</em> before</p>${payload}<p>after ${payload}</p>`;

describe('renderPostBody: Markdown and HTML features survive', () => {
  test('headings, lists, quotes, emphasis and inline HTML render as HTML', async () => {
    const html = await renderPostBody(
      '## Heading\n\nA **bold** word, <b>inline bold</b> and <em>inline em</em>.\n\n- one\n- two\n\n1. first\n\n> quoted\n',
    );
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<b>inline bold</b>');
    expect(html).toContain('<em>inline em</em>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n</ol>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
  });

  test('external links get rel="noopener noreferrer"; relative and mailto links stay as written', async () => {
    const html = await renderPostBody(
      '[site](https://example.com/a) [plain](http://example.com) [contact](/contact) [mail](mailto:a@b.example)',
    );
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="http://example.com" rel="noopener noreferrer">plain</a>');
    expect(html).toContain('<a href="/contact">contact</a>');
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
  });

  test('schemes are case-insensitive (RFC 3986): an upper-case https link or image keeps its address, javascript: in any case does not', async () => {
    const html = await renderPostBody(
      '[site](HTTPS://example.com/a) [mail](MAILTO:a@b.example) ![cover](Https://example.com/c.png) [x](JavaScript:alert(1))',
    );
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).toContain('<img src="https://example.com/c.png" alt="cover">');
    expect(html).toContain('<a>x</a>');
    expect(html.toLowerCase()).not.toContain('javascript:');
  });

  test('protocol-relative links count as external', async () => {
    expect(await renderPostBody('<a href="//evil.example">x</a>')).toContain('rel="noopener noreferrer"');
  });

  test('an author-supplied rel is replaced, not kept', async () => {
    const html = await renderPostBody('<a href="https://example.com" rel="opener">x</a> <a href="/about" rel="opener">y</a>');
    expect(html).not.toContain('opener"');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">x</a>');
    expect(html).toContain('<a href="/about">y</a>');
  });

  test('https images and relative images keep their src', async () => {
    const html = await renderPostBody('![cover](https://example.com/a.png) ![local](/images/b.jpg)');
    expect(html).toContain('<img src="https://example.com/a.png" alt="cover">');
    expect(html).toContain('<img src="/images/b.jpg" alt="local">');
  });

  test('a pure-HTML body renders', async () => {
    const html = await renderPostBody('<h2>Plan</h2>\n<p>Start <strong>small</strong>.</p>\n<ul><li>a</li><li>b</li></ul>');
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<p>Start <strong>small</strong>.</p>');
    expect(html).toContain('<ul><li>a</li><li>b</li></ul>');
  });

  test('code keeps its text escaped', async () => {
    const html = await renderPostBody('Use `<script>` tags:\n\n```html\n<script>alert(1)</script>\n```\n');
    expect(html).toContain('<code>&#x3C;script></code>');
    expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
    expectInert(html);
  });
});

// The post editor's preview and the public post page: "sanitised Markdown with the first H1 line removed".
describe('renderPostBody: GitHub-flavoured Markdown (remark-gfm)', () => {
  test('tables render with their alignment', async () => {
    const html = await renderPostBody('| Skill | Level |\n|:---|:---:|\n| Listening | **High** |\n');
    expect(html).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">Skill</th>\n<th align="center">Level</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td align="left">Listening</td>\n<td align="center"><strong>High</strong></td>\n</tr>\n</tbody>\n</table>',
    );
  });

  test('task lists render disabled checkboxes, ticked or not', async () => {
    const html = await renderPostBody('- [ ] Plan the week\n- [x] Book the retro\n');
    expect(html).toBe(
      '<ul class="contains-task-list">\n' +
        '<li class="task-list-item"><input type="checkbox" disabled> Plan the week</li>\n' +
        '<li class="task-list-item"><input type="checkbox" checked disabled> Book the retro</li>\n</ul>',
    );
  });

  test('an input written as HTML outside a task is dropped; inside one it is only a disabled checkbox', async () => {
    expect(await renderPostBody('<p>a <input type="text" autofocus onfocus="alert(1)"> b</p>')).toBe('<p>a  b</p>');
    expect(await renderPostBody('<ul><li class="task-list-item"><input type="text" onfocus="alert(1)"></li></ul>')).toBe(
      '<ul><li class="task-list-item"><input disabled type="checkbox"></li></ul>',
    );
  });

  test('strikethrough renders as del', async () => {
    expect(await renderPostBody('Was ~~wrong~~ right.')).toBe('<p>Was <del>wrong</del> right.</p>');
  });

  test('footnotes link both ways through ids carrying the clobber prefix', async () => {
    const html = await renderPostBody('Lead well[^1].\n\n[^1]: Said the coach.\n');
    expect(html).toContain(
      '<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="" aria-describedby="user-content-footnote-label">1</a>',
    );
    expect(html).toContain('<h2 class="sr-only" id="user-content-footnote-label">Footnotes</h2>');
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('<a href="#user-content-fnref-1" data-footnote-backref=""');
    // Every id is prefixed exactly once, and every in-page link finds its target.
    const ids = [...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]);
    for (const id of ids) expect(id).toMatch(/^user-content-(?!user-content-)/);
    for (const [, fragment] of html.matchAll(/ href="#([^"]*)"/g)) expect(ids).toContain(fragment);
  });

  test('a footnote label cannot become markup or a DOM global', async () => {
    const html = await renderPostBody('x[^<script>]\n\n[^<script>]: javascript:alert(1)\n');
    expect(html).not.toContain('<script');
    expect(html).toContain('id="user-content-fn-%3Cscript%3E"');
    expect(html).toContain('<p>javascript:alert(1) <a href="#user-content-fnref-%3Cscript%3E"');
    expectInert(html);
  });
});

describe('renderPostBody: the first H1 line is removed', () => {
  test.each([
    ['Markdown h1', '# My Title\n\nBody text.'],
    ['Markdown setext h1', 'My Title\n========\n\nBody text.'],
    ['HTML h1', '<h1>My Title</h1>\n<p>Body text.</p>'],
    ['an h1 whose text is not the title', '# Something else entirely\n\nBody text.'],
    ['after blank lines and a comment', '\n\n<!-- draft -->\n\n# My Title\n\nBody text.'],
  ])('%s', async (_, source) => {
    const html = await renderPostBody(source);
    expect(html).not.toMatch(/<h1/);
    expect(html).toContain('<p>Body text.</p>');
  });

  test('an H1 after other content is still the first H1 line, and goes', async () => {
    expect(await renderPostBody('Intro.\n\n# My Title\n\nBody.')).toBe('<p>Intro.</p>\n<p>Body.</p>');
  });

  test('only the first H1 goes; later H1s and other headings stay', async () => {
    expect(await renderPostBody('# One\n\n# Two\n\nBody.')).toBe('<h1>Two</h1>\n<p>Body.</p>');
    expect(await renderPostBody('## Section\n\nBody.')).toBe('<h2>Section</h2>\n<p>Body.</p>');
  });

  test('a body without an H1 is rendered whole', async () => {
    expect(await renderPostBody('<p>My Title</p>')).toBe('<p>My Title</p>');
  });
});

describe('renderPostBody: the XSS corpus is inert as Markdown and as HTML (docs/security.md#markdown)', () => {
  test.each([
    '<script>alert(1)</script>',
    '<p><img src="x" onerror="alert(1)"></p>',
    '<p style="color:red">x</p>',
    '<a href="java&#x73;cript:alert(1)">x</a>',
    '<a href="java&#x9;script:alert(1)">x</a>',
    '<img src="DATA:image/png;base64,x">',
    '<input type="text">',
    '<input type="checkbox">',
    '<input type="checkbox" disabled autofocus>',
  ])('the inertness check itself rejects %s', (html) => {
    expect(() => expectInert(html)).toThrow();
  });

  for (const payload of XSS_CORPUS) {
    test(`alone: ${JSON.stringify(payload)}`, async () => {
      expectInert(await renderPostBody(payload));
    });
    test(`inside a Markdown body: ${JSON.stringify(payload)}`, async () => {
      expectInert(await renderPostBody(inMarkdown(payload)));
    });
    test(`inside an HTML body: ${JSON.stringify(payload)}`, async () => {
      expectInert(await renderPostBody(inHtml(payload)));
    });
  }

  test('dangerous attributes are dropped but the harmless element stays', async () => {
    expect(await renderPostBody('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
    expect(await renderPostBody('<details open ontoggle=alert(1)>x</details>')).toBe('<details open>x</details>');
    expect(await renderPostBody('<a href="javascript:alert(1)">x</a>')).toBe('<p><a>x</a></p>');
    expect(await renderPostBody('[x](JaVaScRiPt:alert(1))')).toBe('<p><a>x</a></p>');
    expect(await renderPostBody('[x](java&#x73;cript:alert(1))')).toBe('<p><a>x</a></p>');
    expect(await renderPostBody('[x](data:text/html;base64,PHNjcmlwdD4=)')).toBe('<p><a>x</a></p>');
  });

  test('a quote in a Markdown image URL cannot open a new attribute', async () => {
    const html = await renderPostBody('![x](x"onerror="alert(1))');
    expect(html).toMatch(/^<p><img src="[^"]*" alt="x"><\/p>$/);
  });

  test('ids and names are prefixed against DOM clobbering', async () => {
    expect(await renderPostBody('<img name=getElementById>')).toBe('<img name="user-content-getElementById">');
    expect(await renderPostBody('<p id="__proto__">x</p>')).toBe('<p id="user-content-__proto__">x</p>');
  });

  test('script, style, iframe, svg and math leave no text behind', async () => {
    for (const payload of [
      '<script>alert(1)</script>',
      '<style>body{display:none}</style>',
      '<iframe srcdoc="x">alert(1)</iframe>',
      '<svg onload=alert(1)><text>alert(1)</text></svg>',
      '<math><mi xlink:href="javascript:alert(1)">alert(1)</mi></math>',
    ]) {
      expect(await renderPostBody(payload)).not.toMatch(/alert|display/);
    }
  });

  test('an unclosed comment hides the rest of the body instead of leaking markup', async () => {
    const html = await renderPostBody('Before.\n\n<!--\n\n<script>alert(1)</script> After.');
    expect(html).toBe('<p>Before.</p>\n');
  });

  test('a closing script tag in the body ends nothing', async () => {
    expect(await renderPostBody('</script><script>alert(1)</script>')).not.toContain('alert');
  });
});

describe('readingTimeMinutes', () => {
  const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

  test('is 1 for an empty or short text', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('   ')).toBe(1);
    expect(readingTimeMinutes('A short note.')).toBe(1);
    expect(readingTimeMinutes(words(200))).toBe(1);
  });

  test('is 2 for 201 to 400 words', () => {
    expect(readingTimeMinutes(words(201))).toBe(2);
    expect(readingTimeMinutes(words(400))).toBe(2);
    expect(readingTimeMinutes(words(401))).toBe(3);
  });

  test('ignores Markdown and HTML markup', () => {
    const markup = `<div class="a b c d e f"><p data-x="1 2 3">${'**bold** [link](https://example.com/a/b/c/d) '.repeat(100)}</p></div>`;
    // 200 words of text: "bold" and "link" a hundred times each.
    expect(readingTimeMinutes(markup)).toBe(1);
    expect(readingTimeMinutes(`${markup} extra`)).toBe(2);
    expect(readingTimeMinutes(`<!-- ${words(500)} -->\n\n<script>${words(500)}</script>`)).toBe(1);
  });
});

// Full-text search over every published post (issue 18 §7): GET /api/blog-posts?search= and the
// service behind /blog?q=. Title, excerpt and body; ranked title > excerpt > body; English
// stemming; matched words marked, the text around them escaped; drafts never found.
import { describe, expect, test } from 'bun:test';
import { storedHtmlOf } from '#server/services/posts/html.ts';
import { searchPublishedPosts } from '#server/services/posts/search.ts';
import { typedApi } from '../helpers/api.ts';
import { request } from '../helpers/app.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost, unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const { publicApi } = typedApi();
type Listed = Awaited<ReturnType<Awaited<ReturnType<(typeof publicApi)['blog-posts']['$get']>>['json']>>['posts'][number];
/** A post as a search answers it: with its highlight. */
const highlighted = (post: Listed): post is Listed & Required<Pick<Listed, 'highlight'>> => post.highlight !== undefined;

const search = async (words: string, page: { limit?: string; offset?: string } = {}) => {
  const response = await publicApi['blog-posts'].$get({ query: { search: words, ...page } });
  expect(response.status).toBe(200);
  const found = await response.json();
  expect(found.posts.every(highlighted)).toBe(true);
  return { ...found, posts: found.posts.filter(highlighted) };
};

describe('GET /api/blog-posts?search=', () => {
  test('finds a word in the title, the excerpt or the body, ranked in that order; drafts are not found', async () => {
    const word = `quokka${crypto.randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
    const inBody = await createPost(db(), { title: 'Plain title one', content: `## Notes\n\nA line about the ${word} here.` });
    const inTitle = await createPost(db(), { title: `The ${word} principle` });
    const inExcerpt = await createPost(db(), { title: 'Plain title two', excerpt: `Meet the ${word}.` });
    await createPost(db(), { title: `Draft ${word}`, published: false });
    const found = await search(word);
    expect(found.posts.map((post) => post.id)).toEqual([inTitle.id, inExcerpt.id, inBody.id]);
    expect(found.pagination).toEqual({ total: 3, limit: 9, offset: 0, hasMore: false });
    expect(found.posts[0]!.highlight.title).toBe(`The <mark>${word}</mark> principle`);
    expect(found.posts[2]!.highlight.snippet).toContain(`A line about the <mark>${word}</mark> here.`);
    expect(found.posts[2]!.highlight.snippet).not.toContain('##');
    expect((await search(word, { limit: '1', offset: '1' })).posts.map((post) => post.id)).toEqual([inExcerpt.id]);
  });

  test("stemming: 'delegating' finds a post about delegation, and the match is marked", async () => {
    const token = unique('stem');
    const post = await createPost(db(), { title: `${token} weekly notes`, content: 'Good delegation frees your week.' });
    const found = await search(`delegating ${token}`);
    expect(found.posts.map((row) => row.id)).toEqual([post.id]);
    expect(found.posts[0]!.highlight.snippet).toContain('<mark>delegation</mark>');
  });

  test('markup in a post comes back escaped: only the matched words are in <mark>', async () => {
    const token = unique('escape').replaceAll('-', '');
    await createPost(db(), {
      title: `<img src=x onerror=alert(1)> ${token}`,
      content: `Before <script>alert("x")</script> the ${token} & "quotes" after.`,
    });
    const [hit] = (await search(token)).posts;
    expect(hit!.highlight.title).toBe(`&lt;img src=x onerror=alert(1)&gt; <mark>${token}</mark>`);
    // ts_headline leaves tags out of a passage; what text remains is escaped.
    expect(hit!.highlight.snippet).toBe(
      `An excerpt. Before alert(&quot;x&quot;) the <mark>${token}</mark> &amp; &quot;quotes&quot; after.`,
    );
  });

  test('the passage is the body as readers see it: a link shows its words, never its Markdown or address', async () => {
    const token = unique('passage').replaceAll('-', '');
    const content = `${'Steady words before the point. '.repeat(12)}Read about [leadership transitions](https://hbr.org/x) and ${token}: Q&A for <em>teams</em>.`;
    await createPost(db(), {
      title: 'Plain title three',
      excerpt: 'Teams <em>first</em> & after.',
      content,
      contentHtml: await storedHtmlOf(content),
    });
    const [hit] = (await search(token)).posts;
    expect(hit!.highlight.snippet).toContain(`Read about leadership transitions and <mark>${token}</mark>: Q&amp;A for teams.`);
    expect(hit!.highlight.snippet).not.toContain('hbr.org');
    expect(hit!.highlight.snippet).not.toContain('](');
    // The excerpt is plain text: its angle brackets are text, not tags to drop.
    const [excerptHit] = (await search(`${token} teams first`)).posts;
    expect(excerptHit!.highlight.snippet).toStartWith('<mark>Teams</mark> &lt;em&gt;<mark>first</mark>&lt;/em&gt; &amp; after.');
  });

  test('the service hands pages the parts as text, never HTML', async () => {
    const token = unique('parts').replaceAll('-', '');
    await createPost(db(), { title: `Tag <b> and ${token}` });
    const { posts } = await searchPublishedPosts(token, { limit: 9, offset: 0 });
    expect(posts[0]!.highlight.title).toEqual([
      { text: 'Tag <b> and ', mark: false },
      { text: token, mark: true },
    ]);
  });

  test('nothing found, stop words only, or an unknown category: the right answer each', async () => {
    expect((await search('zzyzx nothing matches this')).posts).toEqual([]);
    expect((await search('the')).pagination.total).toBe(0);
    const unknown = await request('/api/blog-posts?search=x&category=no-such-category');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Category not found' });
  });

  test('a search over 200 characters, or repeated, is 400 naming the field', async () => {
    for (const [query, message] of [
      [`search=${'a'.repeat(201)}`, 'search must be at most 200 characters of text'],
      ['search=a&search=b', 'search must be given once'],
    ]) {
      const response = await request(`/api/blog-posts?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: message!, field: 'search' });
    }
  });
});

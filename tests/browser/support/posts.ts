import type { PostInput } from '#src/schemas/post.ts';
import { signInAsOwner } from './admin.ts';
import { watchDialogs } from './dialogs.ts';
import type { SiteClients } from './site-api.ts';
import { expect, type Page, test } from './test.ts';

// The blog posts a journey makes. Every test makes its own posts with unique titles and deletes
// whatever it left behind, so the public journeys see the seeded blog unchanged.

let counter = 0;
/** A token no other post of this run carries, for unique titles (and so slugs). */
export const uniqueToken = () => `${Date.now().toString(36)}${++counter}`;

/**
 * The start of a post journey that holds the browser's dialogs to account: every dialog watched
 * (watchDialogs), then the owner signed in, and a token for the journey's titles.
 */
export async function startPostJourney(page: Page) {
  const dialogs = watchDialogs(page);
  await signInAsOwner(page);
  return { dialogs, token: uniqueToken() };
}

/**
 * The post editor opens on its Markdown view (issue 32 §5: the visual view is the default; the
 * browser remembers the coach's choice), for journeys about the Markdown text itself.
 */
export const preferMarkdownView = (target: Pick<Page, 'addInitScript'>) =>
  target.addInitScript(() => localStorage.setItem('admin.post-content-view', 'markdown'));

/** Posts made by a test, removed afterwards even when it fails half-way; a test that deletes one itself takes it out. */
export const created = new Set<number>();

/** Registers, in the spec that calls it, the removal of every post in `created` after each test (as the owner). */
export function deleteCreatedPostsAfterEach() {
  test.afterEach(async ({ api }) => {
    for (const id of created) {
      await api.delete(`/api/admin/blog-posts/${id}`);
    }
    created.clear();
  });
}

/** Creates a post as the signed-in owner (a draft of 'Body text.' unless `fields` say otherwise), expecting 201. */
export async function createPostThroughApi({ adminApi }: SiteClients, fields: Pick<PostInput, 'title'> & Partial<PostInput>) {
  const response = await adminApi['blog-posts'].$post({
    json: {
      excerpt: '',
      content: 'Body text.',
      categoryId: null,
      customImage: null,
      featured: false,
      published: false,
      scheduledFor: null,
      autoPublish: false,
      ...fields,
    },
  });
  expect(response.status).toBe(201);
  const post = await response.json();
  created.add(post.id);
  return post;
}

// The blog topic backlog API as its tests call it (tests/api/backlog*.test.ts): its paths and messages,
// a valid topic, and for the calling file's admin the typed client, topics made through it, deletes,
// the stored order and refusals that must leave the backlog exactly as it was.
import { expect } from 'bun:test';
import { asc } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { backlogTopics } from '#db/schema.ts';
import type { TopicInput } from '#src/schemas/backlog-topic.ts';
import { typedApi } from './api.ts';
import { request } from './app.ts';
import type { adminSession } from './auth.ts';
import { unique } from './factories.ts';
import { refusalChecker } from './refusals.ts';

export const BACKLOG = '/api/admin/blog-topic-backlog';
export const REORDER = `${BACKLOG}/reorder`;

// docs/product.md §5 texts, and the texts this API gives for the limits of ASVS 2.2.1, docs/security.md.
export const MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  wordCountMin: 'Estimated word count must be at least 100',
  wordCountType: 'Estimated word count must be a whole number',
  wordCountMax: 'Estimated word count must be at most 20000',
  tagsType: 'Tags must be a list of text',
  tagLength: 'Tags must be 1 to 50 characters each',
  tagsCount: 'Tags are limited to 20',
  categoryType: 'Category must be a category id',
  categoryNotFound: 'Category not found',
  topicNotFound: 'Topic not found',
  reorder: 'Reorder must list every topic once with positions 0 to n-1',
  reorderItems: 'reorderedItems must be a list of { id, priority }',
  reorderLimit: 'reorderedItems may list at most 1000 topics',
  badId: 'id must be a positive whole number',
  signedOut: 'Authentication required',
  notAdmin: 'Admin privileges required',
  crossSite: 'Cross-site request refused',
};

export const validTopic = <T extends Record<string, unknown>>(overrides?: T) => ({
  title: unique('Topic'),
  description: 'Why leaders should listen first.',
  ...overrides,
});

export const zeroToN = (n: number) => Array.from({ length: n }, (_, index) => index);

/** The calls for the calling file's database and admin (call it after setupTestDatabase and adminSession). */
export function backlogApi(db: () => Database, admin: ReturnType<typeof adminSession>) {
  const remove = (id: number | string) =>
    request(`${BACKLOG}/${id}`, { method: 'DELETE', headers: { Cookie: admin.cookie, Origin: 'http://localhost' } });

  // The typed client (tests/helpers/api.ts), whose answers are typed by their routes; the raw calls
  // (remove, and the files' own) also send what the API must refuse, which the typed client would not compile.
  const { adminApi } = typedApi(admin.headers);
  const backlog = adminApi['blog-topic-backlog'];

  /** A topic made through the API, as the Add Topic dialog would. */
  async function createThroughApi(overrides: Partial<TopicInput> = {}) {
    const response = await backlog.$post({ json: validTopic(overrides) });
    expect(response.status).toBe(201);
    return response.json();
  }

  /** Every stored topic in a stable order: what "nothing changed" compares. */
  const snapshot = () => db().select().from(backlogTopics).orderBy(asc(backlogTopics.id));

  /** The stored ids in priority order, and the priorities themselves. */
  async function storedOrder() {
    const rows = await db()
      .select({ id: backlogTopics.id, priority: backlogTopics.priority })
      .from(backlogTopics)
      .orderBy(asc(backlogTopics.priority));
    return { ids: rows.map((row) => row.id), priorities: rows.map((row) => row.priority) };
  }

  /** A request that must be refused: its status and body, and nothing changed. */
  const expectRefused = refusalChecker(snapshot);

  return { backlog, remove, createThroughApi, storedOrder, expectRefused };
}

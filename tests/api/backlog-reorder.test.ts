// Reordering the blog topic backlog (docs/product.md §2 "Admin blog backlog", §3; docs/security.md#input-validation):
// the new order stored as exactly 0..n-1, every malformed or partial order refused with the order
// unchanged, and a reorder racing a delete all or nothing. The rest of the API is backlog.test.ts.
import { describe, expect, test } from 'bun:test';
import { sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { backlogApi, MESSAGES, REORDER, zeroToN } from '../helpers/backlog.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { backlog, remove, createThroughApi, storedOrder, expectRefused } = backlogApi(db, admin);

const reorder = (body: unknown) => sendJson('POST', REORDER, body, { headers: admin.headers() });

describe('POST /api/admin/blog-topic-backlog/reorder', () => {
  /** The current order as reorder items, optionally rearranged. */
  async function currentItems() {
    const { ids } = await storedOrder();
    return ids.map((id, priority) => ({ id, priority }));
  }

  test('stores exactly 0..n-1 in the new order and answers the whole backlog in it', async () => {
    await createThroughApi();
    await createThroughApi();
    const { ids } = await storedOrder();
    const reversed = [...ids].reverse();
    const response = await backlog.reorder.$post({ json: { reorderedItems: reversed.map((id, priority) => ({ id, priority })) } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.topics.map((topic) => topic.id)).toEqual(reversed);
    expect(body.topics.map((topic) => topic.priority)).toEqual(zeroToN(ids.length));
    expect(await storedOrder()).toEqual({ ids: reversed, priorities: zeroToN(ids.length) });
  });

  test('the items may come in any order: each topic takes the position it is given', async () => {
    await createThroughApi();
    const { ids } = await storedOrder();
    const moved = [ids.at(-1)!, ...ids.slice(0, -1)];
    const items = moved.map((id, priority) => ({ id, priority })).reverse();
    expect((await reorder({ reorderedItems: items })).status).toBe(200);
    expect((await storedOrder()).ids).toEqual(moved);
  });

  describe('refused with 400, the order unchanged (docs/security.md#input-validation)', () => {
    const reorderError = { message: MESSAGES.reorder, field: 'reorderedItems' };
    const cases: Array<[string, (items: Array<{ id: number; priority: number }>) => unknown, Record<string, unknown>]> = [
      ['reorderedItems missing', () => ({}), { message: MESSAGES.reorderItems, field: 'reorderedItems' }],
      [
        'reorderedItems not an array',
        (items) => ({ reorderedItems: Object.fromEntries(items.map((item) => [item.id, item.priority])) }),
        { message: MESSAGES.reorderItems, field: 'reorderedItems' },
      ],
      ['reorderedItems a string', () => ({ reorderedItems: '1,2' }), { message: MESSAGES.reorderItems, field: 'reorderedItems' }],
      [
        'an item without a priority',
        (items) => ({ reorderedItems: [{ id: items[0]!.id }] }),
        { message: MESSAGES.reorderItems, field: 'reorderedItems.0.priority' },
      ],
      [
        'a priority of 1.5',
        (items) => ({ reorderedItems: items.map((item, i) => ({ ...item, priority: i === 0 ? 1.5 : item.priority })) }),
        { message: MESSAGES.reorderItems, field: 'reorderedItems.0.priority' },
      ],
      [
        'an extra field on an item',
        (items) => ({ reorderedItems: items.map((item) => ({ ...item, status: 'drafted' })) }),
        { message: 'Unknown field: status', field: 'reorderedItems.0.status' },
      ],
      [
        'a duplicate id',
        (items) => ({ reorderedItems: items.map((item, i) => (i === 1 ? { ...item, id: items[0]!.id } : item)) }),
        reorderError,
      ],
      [
        'an unknown id',
        (items) => ({ reorderedItems: items.map((item, i) => (i === 0 ? { ...item, id: 2_000_000_000 } : item)) }),
        reorderError,
      ],
      [
        'an id beyond int4',
        (items) => ({ reorderedItems: items.map((item, i) => (i === 0 ? { ...item, id: 99_999_999_999 } : item)) }),
        reorderError,
      ],
      [
        'a topic missing (not a permutation)',
        (items) => ({ reorderedItems: items.slice(1).map((item, priority) => ({ ...item, priority })) }),
        reorderError,
      ],
      [
        'priorities [0, 0, …]',
        (items) => ({ reorderedItems: items.map((item, i) => ({ ...item, priority: i === 1 ? 0 : item.priority })) }),
        reorderError,
      ],
      [
        'a priority of -1',
        (items) => ({ reorderedItems: items.map((item, i) => ({ ...item, priority: i === 0 ? -1 : item.priority })) }),
        reorderError,
      ],
      [
        'priorities 1..n instead of 0..n-1',
        (items) => ({ reorderedItems: items.map((item) => ({ ...item, priority: item.priority + 1 })) }),
        reorderError,
      ],
      ['an empty list while topics exist', () => ({ reorderedItems: [] }), reorderError],
      [
        '10,000 items',
        () => ({ reorderedItems: Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, priority: i })) }),
        { message: MESSAGES.reorderLimit, field: 'reorderedItems' },
      ],
      [
        'an unknown top-level field',
        (items) => ({ reorderedItems: items, force: true }),
        { message: 'Unknown field: force', field: 'force' },
      ],
    ];
    for (const [name, build, expected] of cases) {
      test(name, async () => {
        await createThroughApi();
        await createThroughApi();
        const items = await currentItems();
        await expectRefused(() => reorder(build(items)), 400, expected);
      });
    }
  });

  test('a reorder racing a delete is all or nothing: priorities are always 0..n-1 afterwards', async () => {
    for (let round = 0; round < 5; round++) {
      const victim = await createThroughApi();
      await createThroughApi();
      const items = (await currentItems()).reverse().map((item, priority) => ({ ...item, priority }));
      const [reordered, deleted] = await Promise.all([reorder({ reorderedItems: items }), remove(victim.id)]);
      expect(deleted.status).toBe(204);
      // Either the reorder ran first (and the delete then closed the gap) or it saw the delete and was refused.
      expect([200, 400]).toContain(reordered.status);
      const { ids, priorities } = await storedOrder();
      expect(priorities).toEqual(zeroToN(ids.length));
      expect(ids).not.toContain(victim.id);
      if (reordered.status === 200) expect(ids).toEqual(items.map((item) => item.id).filter((id) => id !== victim.id));
    }
  });
});

import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { createTopic, deleteTopic, generateDraft, listTopics, reorderTopics, updateTopic } from '#server/services/backlog-topics.ts';
import { id, json } from '#server/validation.ts';
import { reorderSchema, topicInputSchema, topicPatchSchema } from '#src/schemas/backlog-topic.ts';

// A topic is a few kilobytes at most (ASVS 2.2.1, docs/security.md limits, even with every character escaped).
const topicBody = limitBody(64 * 1024);
// Roomy enough that an over-long list (10,000 items, ~300 KB) is refused by the schema with a 400
// naming reorderedItems, rather than by size.
const reorderBody = limitBody(1024 * 1024);

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminBacklogRoutes = new Hono()
  .get('/blog-topic-backlog', async (c) => c.json(await listTopics()))
  // Before the /:id routes, so "reorder" is never read as an id.
  .post('/blog-topic-backlog/reorder', reorderBody, json(reorderSchema), async (c) =>
    c.json({ topics: await reorderTopics(c.req.valid('json').reorderedItems) }),
  )
  .post('/blog-topic-backlog', topicBody, json(topicInputSchema), async (c) => c.json(await createTopic(c.req.valid('json')), 201))
  .patch('/blog-topic-backlog/:id', topicBody, id(), json(topicPatchSchema), async (c) =>
    c.json(await updateTopic(c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/blog-topic-backlog/:id', id(), async (c) => {
    await deleteTopic(c.req.valid('param').id);
    return c.body(null, 204);
  })
  // Takes no payload (docs/product.md §7); a POST only, so no link or prefetch can start a generation (ASVS 3.5.3, docs/security.md).
  .post('/generate-draft', async (c) => c.json(await generateDraft(), 201));

import { and, asc, count, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { backlogTopics, categories } from '#db/schema.ts';
import type { BacklogTopic, DraftCreated, TopicFields, TopicPatch, TopicStatus } from '#src/schemas/backlog-topic.ts';
import { database } from '../db.ts';
import { type Draft, DraftGenerationError, type DraftTopic } from '../drafts/draft.ts';
import { selectDraftGenerator } from '../drafts/generator.ts';
import { conflict, HttpError, notFound } from '../errors.ts';
import { ValidationError } from '../validation.ts';
import { insertPost, writePosts } from './posts/writes.ts';

// The blog topic backlog (docs/product.md §2, §3, §4) and draft generation (docs/decisions.md "Draft generation").
// Invariant: the priorities of the topics are exactly 0..n-1. Every write that moves them
// (create, delete, reorder) first takes BACKLOG_LOCK, so they run one at a time across all
// instances, and the row locks keep edits and draft claims from interleaving with them.

export const TOPIC_NOT_FOUND = 'Topic not found';
export const CATEGORY_NOT_FOUND = 'Category not found';
export const REORDER_MESSAGE = 'Reorder must list every topic once with positions 0 to n-1';
export const NO_PENDING_TOPICS = 'No pending topics to draft';
export const TOPIC_CHANGED = 'The topic was changed or removed while its draft was being generated';

// Transaction-scoped advisory lock key for the writes that move priorities.
const BACKLOG_LOCK = 72_410_003;
const FALLBACK_SLUG = 'draft';

/**
 * A topic stays 'processing' only while its claim is fresh: a process that crashes mid-generation
 * never finishes its claim, and 10 minutes later the topic counts as pending again (it is listed
 * as pending and the next generate-draft takes it). The claim's start time doubles as its token:
 * a late-finishing generation whose claim was taken over finds another time there and saves nothing.
 */
export const PROCESSING_TIMEOUT_MS = 10 * 60 * 1000;

const staleClaim = sql`${backlogTopics.processingStartedAt} < now() - ${`${PROCESSING_TIMEOUT_MS} milliseconds`}::interval`;
/** Pending, or processing under a stale claim. */
const claimable = sql`(${backlogTopics.status} = 'pending' or (${backlogTopics.status} = 'processing' and ${staleClaim}))`;
/** The status the admin sees: a processing topic whose claim is stale is pending again. */
const effectiveStatus = sql<TopicStatus>`case when ${backlogTopics.status} = 'processing' and ${staleClaim} then 'pending' else ${backlogTopics.status} end`;

// While a reorder or delete holds the rows, SKIP LOCKED sees no topic; waiting a little and
// looking again tells that apart from a backlog that really has nothing pending.
const CLAIM_RETRIES = 5;
const CLAIM_RETRY_MS = 50;

const topicColumns = {
  id: backlogTopics.id,
  title: backlogTopics.title,
  description: backlogTopics.description,
  categoryId: backlogTopics.categoryId,
  categoryName: categories.name,
  tags: backlogTopics.tags,
  notes: backlogTopics.notes,
  estimatedWordCount: backlogTopics.estimatedWordCount,
  targetAudience: backlogTopics.targetAudience,
  status: effectiveStatus,
  priority: backlogTopics.priority,
  postId: backlogTopics.postId,
  createdAt: backlogTopics.createdAt,
};

async function readTopics(db: Database, where?: SQL): Promise<BacklogTopic[]> {
  const rows = await db
    .select(topicColumns)
    .from(backlogTopics)
    .leftJoin(categories, eq(categories.id, backlogTopics.categoryId))
    .where(where)
    .orderBy(asc(backlogTopics.priority), asc(backlogTopics.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

async function readTopic(db: Database, id: number): Promise<BacklogTopic> {
  const [topic] = await readTopics(db, eq(backlogTopics.id, id));
  if (!topic) throw notFound(TOPIC_NOT_FOUND);
  return topic;
}

/** Every topic in priority order (0 first): the order drafts are generated in. */
export async function listTopics(): Promise<BacklogTopic[]> {
  return readTopics(await database());
}

/** Serialises the writes that move priorities, and locks every topic row until commit. */
async function lockBacklog(tx: Database): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BACKLOG_LOCK})`);
  const rows = await tx.select({ id: backlogTopics.id }).from(backlogTopics).orderBy(asc(backlogTopics.id)).for('update');
  return rows.map((row) => row.id);
}

/** Holds the category until commit, so it cannot be deleted between this check and the write. */
async function assertCategoryExists(tx: Database, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('key share');
  if (!category) throw new ValidationError(CATEGORY_NOT_FOUND, 'categoryId');
}

/** Appends a pending topic at the end of the backlog (priority n). */
export async function createTopic(fields: TopicFields): Promise<BacklogTopic> {
  const db = await database();
  return db.transaction(async (tx) => {
    const ids = await lockBacklog(tx);
    await assertCategoryExists(tx, fields.categoryId);
    const [created] = await tx
      .insert(backlogTopics)
      .values({ ...fields, status: 'pending', priority: ids.length })
      .returning({ id: backlogTopics.id });
    return readTopic(tx, created!.id);
  });
}

/** Changes the given fields; status and priority are not among them (the schema refuses both). */
export async function updateTopic(id: number, patch: TopicPatch): Promise<BacklogTopic> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: backlogTopics.id }).from(backlogTopics).where(eq(backlogTopics.id, id)).for('update');
    if (!existing) throw notFound(TOPIC_NOT_FOUND);
    await assertCategoryExists(tx, patch.categoryId);
    if (Object.keys(patch).length > 0) await tx.update(backlogTopics).set(patch).where(eq(backlogTopics.id, id));
    return readTopic(tx, id);
  });
}

/** Numbers the topics 0..n-1 in their current order, closing any gap. */
async function renumber(tx: Database): Promise<void> {
  await tx.execute(sql`
    update ${backlogTopics} set priority = ranked.position
    from (select id, (row_number() over (order by priority, id) - 1)::int as position from ${backlogTopics}) as ranked
    where ${backlogTopics.id} = ranked.id and ${backlogTopics.priority} <> ranked.position`);
}

/** Removes a topic and moves the ones after it up, in one transaction (priorities stay 0..n-1). */
export async function deleteTopic(id: number): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    await lockBacklog(tx);
    const [deleted] = await tx.delete(backlogTopics).where(eq(backlogTopics.id, id)).returning({ id: backlogTopics.id });
    if (!deleted) throw notFound(TOPIC_NOT_FOUND);
    await renumber(tx);
  });
}

/**
 * docs/product.md §4: each topic takes its new position as priority. The list must be exactly the current
 * topics, each once, at positions exactly 0..n-1; otherwise nothing changes (a 400). All topics
 * are locked first, so a create or delete racing this reorder is either wholly before or after it.
 */
export async function reorderTopics(items: Array<{ id: number; priority: number }>): Promise<BacklogTopic[]> {
  const db = await database();
  return db.transaction(async (tx) => {
    const current = new Set(await lockBacklog(tx));
    const ids = new Set(items.map((item) => item.id));
    const positions = new Set(items.map((item) => item.priority));
    const isPermutation =
      items.length === current.size &&
      ids.size === items.length &&
      items.every((item) => current.has(item.id) && item.priority >= 0 && item.priority < items.length) &&
      positions.size === items.length;
    if (!isPermutation) throw new ValidationError(REORDER_MESSAGE, 'reorderedItems');
    if (items.length > 0) {
      const values = sql.join(
        items.map((item) => sql`(${item.id}::int, ${item.priority}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${backlogTopics} set priority = moved.priority
        from (values ${values}) as moved(id, priority)
        where ${backlogTopics.id} = moved.id`);
    }
    return readTopics(tx);
  });
}

// ---- Draft generation

interface Claim {
  topicId: number;
  startedAt: Date;
  topic: DraftTopic;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes the highest-priority claimable topic and marks it processing, in one short transaction.
 * FOR UPDATE SKIP LOCKED lets simultaneous calls pass each other instead of queueing; each
 * candidate is checked again in a fresh statement once locked, because a row updated by a claim
 * that committed meanwhile is re-checked by Postgres against the old snapshot of the leases.
 */
async function claimNextTopic(): Promise<Claim | null> {
  const db = await database();
  for (let attempt = 0; ; attempt++) {
    const claim = await db.transaction(async (tx) => {
      const passed: number[] = [];
      for (;;) {
        const [candidate] = await tx
          .select({ id: backlogTopics.id })
          .from(backlogTopics)
          .where(and(claimable, passed.length > 0 ? notInArray(backlogTopics.id, passed) : undefined))
          .orderBy(asc(backlogTopics.priority), asc(backlogTopics.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!candidate) return null;
        const [fresh] = await tx
          .select({
            claimable: sql<boolean>`${claimable}`,
            title: backlogTopics.title,
            description: backlogTopics.description,
            categoryName: categories.name,
            tags: backlogTopics.tags,
            notes: backlogTopics.notes,
            estimatedWordCount: backlogTopics.estimatedWordCount,
            targetAudience: backlogTopics.targetAudience,
          })
          .from(backlogTopics)
          .leftJoin(categories, eq(categories.id, backlogTopics.categoryId))
          .where(eq(backlogTopics.id, candidate.id));
        if (!fresh?.claimable) {
          passed.push(candidate.id);
          continue;
        }
        const [claimed] = await tx
          .update(backlogTopics)
          .set({ status: 'processing', processingStartedAt: sql`clock_timestamp()` })
          .where(eq(backlogTopics.id, candidate.id))
          .returning({ startedAt: backlogTopics.processingStartedAt });
        const { claimable: _, ...topic } = fresh;
        return { topicId: candidate.id, startedAt: claimed!.startedAt!, topic };
      }
    });
    if (claim || attempt >= CLAIM_RETRIES) return claim;
    // Nothing unlocked was claimable: is anything claimable at all (perhaps locked for a moment)?
    const [waiting] = await db.select({ n: count() }).from(backlogTopics).where(claimable);
    if (!waiting?.n) return null;
    await wait(CLAIM_RETRY_MS);
  }
}

/** The claim is still this generation's: the topic is processing since our claim's start. */
async function holdsClaim(tx: Database, claim: Claim): Promise<boolean> {
  const [topic] = await tx
    .select({ status: backlogTopics.status, startedAt: backlogTopics.processingStartedAt })
    .from(backlogTopics)
    .where(eq(backlogTopics.id, claim.topicId))
    .for('update');
  return topic?.status === 'processing' && topic.startedAt?.getTime() === claim.startedAt.getTime();
}

/** After a failed generation: the topic is pending again, unless someone else has taken it over. */
async function releaseClaim(claim: Claim): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    if (!(await holdsClaim(tx, claim))) return;
    await tx.update(backlogTopics).set({ status: 'pending', processingStartedAt: null }).where(eq(backlogTopics.id, claim.topicId));
  });
}

/**
 * Stores the draft as an unpublished post with the topic's category and tags, and marks the topic
 * drafted, all in one transaction: there is never a post without a drafted topic or the reverse.
 */
function saveDraft(claim: Claim, draft: Draft): Promise<number> {
  return writePosts(async (tx) => {
    if (!(await holdsClaim(tx, claim))) throw conflict(TOPIC_CHANGED);
    // The topic as it is now: its category or tags may have been edited during generation.
    const [topic] = await tx
      .select({ categoryId: backlogTopics.categoryId, tags: backlogTopics.tags })
      .from(backlogTopics)
      .where(eq(backlogTopics.id, claim.topicId));
    const postId = await insertPost(
      tx,
      // Generation never publishes: an admin reviews the draft first.
      { ...draft, slug: null, categoryId: topic!.categoryId, tags: topic!.tags, published: false },
      FALLBACK_SLUG,
    );
    await tx.update(backlogTopics).set({ status: 'drafted', postId, processingStartedAt: null }).where(eq(backlogTopics.id, claim.topicId));
    return postId;
  });
}

/**
 * POST /api/admin/generate-draft. Claims the highest-priority pending topic (409 when there is
 * none), generates the draft outside any transaction (a model may take seconds), then saves it.
 * When the generator fails the topic goes back to pending and the answer is 502, or 504 on a
 * timeout, with the cause in the message.
 */
export async function generateDraft(): Promise<DraftCreated> {
  const claim = await claimNextTopic();
  if (!claim) throw conflict(NO_PENDING_TOPICS);
  let draft: Draft;
  try {
    draft = await selectDraftGenerator()(claim.topic);
  } catch (error) {
    await releaseClaim(claim);
    if (error instanceof DraftGenerationError) throw new HttpError(error.kind === 'timeout' ? 504 : 502, error.message);
    throw error;
  }
  let postId: number;
  try {
    postId = await saveDraft(claim, draft);
  } catch (error) {
    await releaseClaim(claim);
    throw error;
  }
  return { message: `Draft "${draft.title}" created from "${claim.topic.title}".`, postId };
}

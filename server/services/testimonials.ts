import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { testimonials } from '#db/schema.ts';
import {
  type AdminTestimonial,
  ORDER_INCOMPLETE,
  type StoredConsentMethod,
  TESTIMONIAL_NOT_FOUND,
  type TestimonialFields,
  type TestimonialPatch,
  type TestimonialSummary,
} from '#src/schemas/testimonial.ts';
import { contentChanged } from '../cache/content-events.ts';
import { database } from '../db.ts';
import { notFound } from '../errors.ts';
import { ValidationError } from '../validation.ts';

export type { TestimonialSummary };

/** On the home page: visible, with the client's consent on record. */
const shownOnHome = and(eq(testimonials.visible, true), isNotNull(testimonials.consentMethod));
const homeOrder = [asc(testimonials.position), asc(testimonials.id)];

/** GET /api/testimonials and the home page: the shown testimonials, in the coach's order. */
export async function listTestimonials(): Promise<TestimonialSummary[]> {
  const db = await database();
  return db
    .select({
      id: testimonials.id,
      content: testimonials.content,
      authorName: testimonials.authorName,
      authorPosition: testimonials.authorPosition,
      authorImageUrl: testimonials.authorImageUrl,
    })
    .from(testimonials)
    .where(shownOnHome)
    .orderBy(...homeOrder);
}

// ---- Admin (/api/admin/testimonials)

// Transaction-scoped advisory lock: creates, deletes and reorders move positions one at a time.
const TESTIMONIALS_LOCK = 72_410_019;

const adminColumns = {
  id: testimonials.id,
  content: testimonials.content,
  authorName: testimonials.authorName,
  authorPosition: testimonials.authorPosition,
  authorImageUrl: testimonials.authorImageUrl,
  position: testimonials.position,
  visible: testimonials.visible,
  consentGivenAt: testimonials.consentGivenAt,
  consentMethod: testimonials.consentMethod,
  consentNote: testimonials.consentNote,
  createdAt: testimonials.createdAt,
  updatedAt: testimonials.updatedAt,
};

async function readAdmin(db: Database, where?: SQL): Promise<AdminTestimonial[]> {
  const rows = await db
    .select(adminColumns)
    .from(testimonials)
    .where(where)
    .orderBy(...homeOrder);
  return rows.map((row) => ({
    ...row,
    consentMethod: row.consentMethod as StoredConsentMethod | null,
    shown: row.visible && row.consentMethod !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function readOne(db: Database, id: number): Promise<AdminTestimonial> {
  const [row] = await readAdmin(db, eq(testimonials.id, id));
  if (!row) throw notFound(TESTIMONIAL_NOT_FOUND);
  return row;
}

async function lockTestimonials(tx: Database): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TESTIMONIALS_LOCK})`);
  const rows = await tx
    .select({ id: testimonials.id })
    .from(testimonials)
    .orderBy(...homeOrder)
    .for('update');
  return rows.map((row) => row.id);
}

/** Positions 0..n-1 in the given order. */
async function renumber(tx: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::int, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${testimonials} set position = moved.position
    from (values ${values}) as moved(id, position)
    where ${testimonials.id} = moved.id and ${testimonials.position} <> moved.position`);
}

export async function listAdminTestimonials(): Promise<AdminTestimonial[]> {
  return readAdmin(await database());
}

/** A new testimonial, last in the order. */
export async function createTestimonial(fields: TestimonialFields): Promise<AdminTestimonial> {
  const db = await database();
  const created = await db.transaction(async (tx) => {
    const ids = await lockTestimonials(tx);
    const [row] = await tx
      .insert(testimonials)
      .values({ ...fields, position: ids.length })
      .returning({ id: testimonials.id });
    return readOne(tx, row!.id);
  });
  await contentChanged();
  return created;
}

/** Any of its fields, visibility and consent included; the rest stays as it was. */
export async function updateTestimonial(id: number, fields: TestimonialPatch): Promise<AdminTestimonial> {
  const db = await database();
  const [row] = await db
    .update(testimonials)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (!row) throw notFound(TESTIMONIAL_NOT_FOUND);
  await contentChanged();
  return readOne(db, id);
}

export async function deleteTestimonial(id: number): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const ids = await lockTestimonials(tx);
    if (!ids.includes(id)) throw notFound(TESTIMONIAL_NOT_FOUND);
    await tx.delete(testimonials).where(eq(testimonials.id, id));
    await renumber(
      tx,
      ids.filter((other) => other !== id),
    );
  });
  await contentChanged();
}

/** The whole list in its new order: every testimonial exactly once, else nothing changes (400 naming `order`). */
export async function reorderTestimonials(order: number[]): Promise<AdminTestimonial[]> {
  const db = await database();
  const list = await db.transaction(async (tx) => {
    const current = new Set(await lockTestimonials(tx));
    const wanted = new Set(order);
    const complete = order.length === current.size && wanted.size === order.length && order.every((id) => current.has(id));
    if (!complete) throw new ValidationError(ORDER_INCOMPLETE, 'order');
    await renumber(tx, order);
    return readAdmin(tx);
  });
  await contentChanged();
  return list;
}

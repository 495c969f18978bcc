import { asc } from 'drizzle-orm';
import { testimonials } from '../../db/schema.ts';
import { database } from '../db.ts';

export interface TestimonialSummary {
  id: number;
  content: string;
  authorName: string;
  authorPosition: string;
  authorImageUrl: string | null;
}

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
    .orderBy(asc(testimonials.id));
}

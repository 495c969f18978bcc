import { asc } from 'drizzle-orm';
import { categories } from '../../db/schema.ts';
import { database } from '../db.ts';

export interface CategorySummary {
  id: number;
  name: string;
  slug: string;
}

export async function listCategories(): Promise<CategorySummary[]> {
  const db = await database();
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.name));
}

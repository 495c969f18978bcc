import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { uploads } from '#db/schema.ts';
import { database } from '../db.ts';
import type { SniffedImage } from '../uploads/image-sniff.ts';

export interface StoredUpload {
  id: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The public path of an upload; the extension follows the sniffed type, never the client's name. */
export const uploadUrl = (id: string, image: Pick<SniffedImage, 'extension'>) => `/api/uploads/${id}.${image.extension}`;

/** Stores verified image bytes under a random, unguessable id (docs/decisions.md: uploads live in Postgres). */
export async function storeUpload(bytes: Uint8Array, image: SniffedImage, uploadedBy: number): Promise<string> {
  const id = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
  const db = await database();
  await db.insert(uploads).values({ id, contentType: image.type, byteSize: bytes.byteLength, bytes, uploadedBy });
  return uploadUrl(id, image);
}

export async function getUpload(id: string): Promise<StoredUpload | null> {
  const db = await database();
  const [row] = await db
    .select({ id: uploads.id, contentType: uploads.contentType, bytes: uploads.bytes })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row ?? null;
}

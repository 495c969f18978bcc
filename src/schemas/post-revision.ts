import { z } from 'zod';
import { CONTENT_MAX, EXCERPT_MAX, postVersionSchema, TITLE_MAX } from './post.ts';

// The editor's history of a post: autosaves of the work in progress, and the revisions every save
// and restore keeps (docs/product.md §10).

export type RevisionKind = 'save' | 'autosave' | 'restore';

/** Whatever is typed so far (it may be empty or half-written), and the version it is based on. */
export const autosaveSchema = z
  .object({
    title: z.string('Title must be text').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    excerpt: z.string('Excerpt must be text').max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`),
    content: z.string('Content must be text').max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`),
    version: postVersionSchema,
  })
  .strict();

export type AutosaveInput = z.input<typeof autosaveSchema>;

/** A restore, from the version the editor shows (absent: no check). */
export const restoreSchema = z.object({ version: postVersionSchema.optional() }).strict();

export interface AutosaveResult {
  revisionId: number;
  savedAt: string;
  /** The post's version now: when it is not the one the autosave was based on, someone else saved. */
  postVersion: number;
}

export interface RevisionSummary {
  id: number;
  kind: RevisionKind;
  authorName: string;
  createdAt: string;
  title: string;
}

export interface PostRevision extends RevisionSummary {
  baseVersion: number;
  excerpt: string;
  content: string;
}

/** How many revisions the editor lists, newest first. */
export const REVISIONS_LISTED = 100;
export const REVISION_NOT_FOUND = 'Revision not found';

import type { PostFormValues } from './post-form.ts';

// The editor's every keystroke, kept in this browser until the server has it: a closed tab, a
// crash, a server that went away or no network lose nothing (issue 19, autosave).

export interface LocalDraft {
  values: PostFormValues;
  /** The post's version the edits are based on (null for a post not created yet). */
  version: number | null;
  /** When the last edit was made (ISO 8601). */
  editedAt: string;
}

const keyOf = (postId: number | null) => `coaching:post-draft:${postId ?? 'new'}`;

export function readLocalDraft(postId: number | null): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(postId));
    const draft = raw ? (JSON.parse(raw) as LocalDraft) : null;
    return draft && typeof draft.values?.content === 'string' ? draft : null;
  } catch {
    // Storage blocked (private mode) or a value from an older editor: nothing to restore.
    return null;
  }
}

export function writeLocalDraft(postId: number | null, draft: LocalDraft): void {
  try {
    window.localStorage.setItem(keyOf(postId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the server autosave still runs.
  }
}

export function removeLocalDraft(postId: number | null): void {
  try {
    window.localStorage.removeItem(keyOf(postId));
  } catch {
    // Nothing was kept.
  }
}

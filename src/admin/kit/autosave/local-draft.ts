// An editor's every keystroke, kept in this browser until the server has it: a closed tab, a
// crash, a server that went away or no network lose nothing (issue 19, autosave). Posts and
// pages keep theirs under their own keys.

export interface LocalDraft<Values> {
  values: Values;
  /** The stored version the edits are based on (null for a document not created yet). */
  version: number | null;
  /** When the last edit was made (ISO 8601). */
  editedAt: string;
}

/** The draft kept under `key`, when `looksRight` accepts its values (a value from an older editor does not). */
export function readLocalDraft<Values>(key: string, looksRight: (values: unknown) => boolean): LocalDraft<Values> | null {
  try {
    const raw = window.localStorage.getItem(key);
    const draft = raw ? (JSON.parse(raw) as LocalDraft<Values>) : null;
    return draft && looksRight(draft.values) ? draft : null;
  } catch {
    // Storage blocked (private mode) or not JSON: nothing to restore.
    return null;
  }
}

export function writeLocalDraft<Values>(key: string, draft: LocalDraft<Values>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the server autosave still runs.
  }
}

export function removeLocalDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

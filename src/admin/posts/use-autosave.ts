import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '#src/lib/api-client.ts';
import { autosavePost } from './api.ts';
import { removeLocalDraft, writeLocalDraft } from './local-draft.ts';
import { isDirty, type PostFormValues } from './post-form.ts';

// Issue 19, autosave: every edit is kept in this browser at once, and a few seconds after typing
// stops (and when the page is left) the text goes to the server as an autosave revision, which
// never changes the post itself. A failed autosave is retried until the server has it.

export const AUTOSAVE_DELAY_MS = 2_000;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'retrying' }
  /** The server refused the text itself (too long, say): retrying cannot help. */
  | { kind: 'refused'; message: string };

type Text = Pick<PostFormValues, 'title' | 'excerpt' | 'content'>;

const textKey = ({ title, excerpt, content }: Text) => JSON.stringify([title, excerpt, content]);

/** A failure worth trying again: no answer at all, a timeout, rate limiting or a server error. */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429;

export interface AutosaveOptions {
  /** Null for a post not created yet: it is kept in this browser only. */
  postId: number | null;
  values: PostFormValues;
  /** The stored post's values: a form that says the same has nothing to keep. */
  base: PostFormValues;
  /** The version the edits are based on. */
  version: number | null;
  /** The text the server holds already (the post's, or its pending autosave). */
  serverText: Text;
  /** False until the editor has restored what was kept, so nothing is overwritten before it is read. */
  enabled: boolean;
}

export function useAutosave({ postId, values, base, version, serverText, enabled }: AutosaveOptions) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  // The post's version on the server, as the last autosave answered it.
  const [serverVersion, setServerVersion] = useState<number | null>(null);
  const acked = useRef(textKey(serverText));
  const latest = useRef({ values, version });
  latest.current = { values, version };
  const inFlight = useRef(false);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; delay: number }>({ timer: null, delay: FIRST_RETRY_MS });

  const send = useCallback(async () => {
    if (postId === null || latest.current.version === null || inFlight.current) return;
    const { values: sent, version: basedOn } = latest.current;
    const key = textKey(sent);
    if (key === acked.current) return;
    if (retry.current.timer) clearTimeout(retry.current.timer);
    retry.current.timer = null;
    inFlight.current = true;
    setState({ kind: 'saving' });
    try {
      const answer = await autosavePost(postId, { title: sent.title, excerpt: sent.excerpt, content: sent.content, version: basedOn });
      acked.current = key;
      retry.current.delay = FIRST_RETRY_MS;
      setServerVersion(answer.postVersion);
      setState({ kind: 'saved', at: new Date(answer.savedAt) });
    } catch (error) {
      if (!isTransient(error)) {
        setState({ kind: 'refused', message: errorMessage(error) });
      } else {
        setState({ kind: 'retrying' });
        retry.current.timer = setTimeout(() => void send(), retry.current.delay);
        retry.current.delay = Math.min(retry.current.delay * 2, LONGEST_RETRY_MS);
      }
    } finally {
      inFlight.current = false;
    }
    // Typed while the request ran: the effect's timer may have fired meanwhile and found it busy.
    if (textKey(latest.current.values) !== acked.current && !retry.current.timer) {
      retry.current.timer = setTimeout(() => void send(), AUTOSAVE_DELAY_MS);
    }
  }, [postId]);

  // Every edit, kept in this browser at once; a form back to the stored post keeps nothing.
  useEffect(() => {
    if (!enabled) return;
    if (isDirty(values, base)) writeLocalDraft(postId, { values, version, editedAt: new Date().toISOString() });
    else removeLocalDraft(postId);
  }, [enabled, values, base, postId, version]);

  // To the server once typing pauses.
  useEffect(() => {
    if (!enabled || postId === null || textKey(values) === acked.current) return;
    const timer = setTimeout(() => void send(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, postId, values, send]);

  // Back online: at once, not at the next retry.
  useEffect(() => {
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [send]);

  // Leaving the page: a last autosave that outlives it (keepalive; the browser copy remains either way).
  useEffect(() => {
    if (postId === null) return;
    const onPageHide = () => {
      const { values: now, version: basedOn } = latest.current;
      if (basedOn === null || textKey(now) === acked.current) return;
      void fetch(`/api/admin/blog-posts/${postId}/autosave`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: now.title, excerpt: now.excerpt, content: now.content, version: basedOn }),
      }).catch(() => {});
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [postId]);

  useEffect(() => () => void (retry.current.timer && clearTimeout(retry.current.timer)), []);

  /** After a save: the server holds this text as the post itself. */
  const markSaved = useCallback((text: Text, at: Date) => {
    acked.current = textKey(text);
    setServerVersion(null);
    setState({ kind: 'saved', at });
  }, []);

  return { state, serverVersion, markSaved };
}

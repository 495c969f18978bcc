import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '#src/lib/api-client.ts';
import { removeLocalDraft, writeLocalDraft } from './local-draft.ts';

// Autosave, one implementation for every editor (posts, pages): every edit is kept in this browser
// at once, and a few seconds after typing stops (and when the page is left) the work goes to the
// server as an autosave revision, which never changes the document itself. A failed autosave is
// retried until the server has it.

export const AUTOSAVE_DELAY_MS = 2_000;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'retrying' }
  /** The server refused the work itself (too long, say): retrying cannot help. */
  | { kind: 'refused'; message: string };

/** A failure worth trying again: no answer at all, a timeout, rate limiting or a server error. */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429;

/** Where a stored document's autosaves go: its endpoint, and the body it takes. */
export interface AutosaveTarget<Values> {
  /** The autosave endpoint (PUT), also used by the last autosave as the page is left. */
  url: string;
  body(values: Values, version: number): unknown;
  /** Sends an autosave; answers when it was kept and the document's version now. */
  send(values: Values, version: number): Promise<{ savedAt: string; version: number }>;
}

export interface AutosaveOptions<Values> {
  /** The browser storage key of this document's draft. */
  draftKey: string;
  /** Null for a document not created yet: its work is kept in this browser only. */
  target: AutosaveTarget<Values> | null;
  values: Values;
  /** The stored document's values: a form that says the same has nothing to keep. */
  base: Values;
  /** The version the edits are based on. */
  version: number | null;
  /** What the server holds already (the document's, or its pending autosave). */
  serverValues: Values;
  /** The part of the values an autosave keeps, as one comparable string. */
  keyOf(values: Values): string;
  /** Whether the values say something other than the stored document's (then the browser keeps them). */
  isDirty(values: Values, base: Values): boolean;
  /** False until the editor has restored what was kept, so nothing is overwritten before it is read. */
  enabled: boolean;
}

export function useAutosave<Values>({
  draftKey,
  target,
  values,
  base,
  version,
  serverValues,
  keyOf,
  isDirty,
  enabled,
}: AutosaveOptions<Values>) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  // The document's version on the server, as the last autosave answered it.
  const [serverVersion, setServerVersion] = useState<number | null>(null);
  const acked = useRef(keyOf(serverValues));
  const latest = useRef({ values, version, target, keyOf });
  latest.current = { values, version, target, keyOf };
  const inFlight = useRef(false);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; delay: number }>({ timer: null, delay: FIRST_RETRY_MS });
  const stored = target !== null;

  const send = useCallback(async () => {
    const { values: sent, version: basedOn, target: to, keyOf: keyNow } = latest.current;
    if (to === null || basedOn === null || inFlight.current) return;
    const key = keyNow(sent);
    if (key === acked.current) return;
    if (retry.current.timer) clearTimeout(retry.current.timer);
    retry.current.timer = null;
    inFlight.current = true;
    setState({ kind: 'saving' });
    try {
      const answer = await to.send(sent, basedOn);
      acked.current = key;
      retry.current.delay = FIRST_RETRY_MS;
      setServerVersion(answer.version);
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
    if (latest.current.keyOf(latest.current.values) !== acked.current && !retry.current.timer) {
      retry.current.timer = setTimeout(() => void send(), AUTOSAVE_DELAY_MS);
    }
  }, []);

  // Every edit, kept in this browser at once; a form back to the stored document keeps nothing.
  useEffect(() => {
    if (!enabled) return;
    if (isDirty(values, base)) writeLocalDraft(draftKey, { values, version, editedAt: new Date().toISOString() });
    else removeLocalDraft(draftKey);
  }, [enabled, values, base, draftKey, version, isDirty]);

  // To the server once typing pauses.
  useEffect(() => {
    if (!enabled || !stored || keyOf(values) === acked.current) return;
    const timer = setTimeout(() => void send(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, stored, values, send, keyOf]);

  // Back online: at once, not at the next retry.
  useEffect(() => {
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [send]);

  // Leaving the page: a last autosave that outlives it (keepalive; the browser copy remains either way).
  useEffect(() => {
    if (!stored) return;
    const onPageHide = () => {
      const { values: now, version: basedOn, target: to, keyOf: keyNow } = latest.current;
      if (to === null || basedOn === null || keyNow(now) === acked.current) return;
      void fetch(to.url, {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(to.body(now, basedOn)),
      }).catch(() => {});
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [stored]);

  useEffect(() => () => void (retry.current.timer && clearTimeout(retry.current.timer)), []);

  /** After a save: the server holds these values as the document itself. */
  const markSaved = useCallback((saved: Values, at: Date) => {
    acked.current = latest.current.keyOf(saved);
    setServerVersion(null);
    setState({ kind: 'saved', at });
  }, []);

  return { state, serverVersion, markSaved };
}

'use client';

import { useState } from 'react';
import { ApiError, errorMessage } from '#src/lib/api-client.ts';
import { useToast } from '#src/lib/toast-store.ts';

/** What a change tells the user: a success toast, or a destructive one with the server's words. */
type ToastText = { title: string; description?: string; variant?: 'destructive' };

export interface ActionMessages<T = unknown> {
  /** From the answer, or fixed; none for a step that another one follows. */
  success?: ToastText | ((value: T) => ToastText);
  failureTitle: string;
  /** Shown when the failure carries no message from the server (else 'Please try again.'). */
  fallback?: string;
  /**
   * A 400 naming a field (`{ message, field }`): true when the form showed it under that field
   * (`useForm`'s `showServerError`), so it is not said again beside the buttons.
   */
  fieldError?: (field: string, message: string) => boolean;
}

export const FAILED = Symbol('failed');

/**
 * A change sent from a form or a dialog: busy while it runs, then a toast either way. A failure is
 * also kept as `failure` for the form to show beside its fields, since a toast is gone in seconds.
 * A form with several buttons names each change (`{ as: 'test' }`): `running` says which one runs,
 * for its button to say so ("Sending...").
 */
export function useAction() {
  const toast = useToast();
  const [running, setRunning] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /**
   * Runs `change`: its value when it succeeded, else FAILED. After a success busy stays on for what
   * follows (a dialog closing), unless `stay` says the form stays on screen for more changes. A
   * change beside the form's own (`toastOnly`: a post's publish toggle) is told by its toast alone,
   * and leaves the failure the form's last save left.
   */
  async function run<T>(
    change: () => Promise<T>,
    messages: ActionMessages<T>,
    { stay = false, as = 'change', toastOnly = false }: { stay?: boolean; as?: string; toastOnly?: boolean } = {},
  ): Promise<T | typeof FAILED> {
    setRunning(as);
    if (!toastOnly) setFailure(null);
    try {
      const value = await change();
      const success = typeof messages.success === 'function' ? messages.success(value) : messages.success;
      if (success) toast(success);
      if (stay) setRunning(null);
      return value;
    } catch (error) {
      const message = errorMessage(error, messages.fallback);
      toast({ variant: 'destructive', title: messages.failureTitle, description: message });
      const field = error instanceof ApiError && error.status === 400 ? error.serverField : undefined;
      if (!toastOnly && !(field && messages.fieldError?.(field, message))) setFailure(message);
      setRunning(null);
      return FAILED;
    }
  }

  /** Says a problem found before anything was sent, where a failure shows (null: takes it away). */
  const refuse = (message: string | null) => setFailure(message);

  return { busy: running !== null, running, failure, run, refuse };
}

import { formatDate } from '#src/lib/format-date.ts';
import { useTimeZone } from '../time-zone.tsx';
import { AUTOSAVE_LOCAL, AUTOSAVE_RETRYING, AUTOSAVE_SAVING, autosavedAt } from './messages.ts';
import type { AutosaveState } from './use-autosave.ts';

/** Where the editor's work is: 'Saving…', 'Saved at 02:32 PM', 'Not saved — retrying' (read out politely). */
export function AutosaveStatus({ state, browserOnly }: { state: AutosaveState; browserOnly: boolean }) {
  const timeZone = useTimeZone();
  const text =
    state.kind === 'saving'
      ? AUTOSAVE_SAVING
      : state.kind === 'saved'
        ? autosavedAt(formatDate(state.at, timeZone, 'time'))
        : state.kind === 'retrying'
          ? AUTOSAVE_RETRYING
          : state.kind === 'refused'
            ? `Not saved — ${state.message}`
            : browserOnly
              ? AUTOSAVE_LOCAL
              : '';
  const problem = state.kind === 'retrying' || state.kind === 'refused';
  return (
    <span role="status" data-testid="autosave-status" className={problem ? 'text-sm font-semibold text-red-700' : 'text-sm text-muted'}>
      {text}
    </span>
  );
}

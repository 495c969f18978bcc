// A session type's cancellation rules (issue 35 §4), one decision for the server and the pages: the
// client cancels or moves a session freely until `cancelCutoffHours` before it starts; after that a
// cancellation forfeits its credit and it cannot be moved. The cut-off counts real hours, so a
// change of clocks between the two never moves it.

const HOUR_MS = 60 * 60 * 1000;

/** The instant until which the session can be cancelled or moved freely. */
export const freeUntil = (start: Date, cancelCutoffHours: number) => new Date(start.getTime() - cancelCutoffHours * HOUR_MS);

/** Whether `now` is past the cut-off (at the cut-off itself it is: "until" is exclusive). */
export const pastCutoff = (start: Date, cancelCutoffHours: number, now: Date) =>
  now.getTime() >= freeUntil(start, cancelCutoffHours).getTime();

/** How many more times it may be moved; null: no limit. */
export const reschedulesLeft = (maxReschedules: number | null, done: number) =>
  maxReschedules === null ? null : Math.max(0, maxReschedules - done);

export const lateCancelMessage = (hours: number) =>
  `This session starts in less than ${hours} hour${hours === 1 ? '' : 's'}: cancelling it now uses up its credit. Confirm to cancel anyway.`;
export const lateUnrefundedMessage = (hours: number) =>
  `This session starts in less than ${hours} hour${hours === 1 ? '' : 's'}: cancelling it now is not refunded. Confirm to cancel anyway.`;
export const lateMoveMessage = (hours: number) =>
  `This session can no longer be moved: sessions move until ${hours} hour${hours === 1 ? '' : 's'} before they start. You can still cancel it.`;
export const noMoreMovesMessage = (max: number) =>
  `This session has already been moved ${max === 1 ? 'once' : `${max} times`}, the most allowed. You can still cancel it.`;

/**
 * A session type's rules as its booking page says them before a time is chosen (issue 35 §4), and
 * what a late cancellation costs: its payment (issue 37) or its credit. Null when it has none.
 */
export function bookingRulesText(rules: { cancelCutoffHours: number; maxReschedules: number | null }, paid: boolean): string | null {
  const hours = `${rules.cancelCutoffHours} hour${rules.cancelCutoffHours === 1 ? '' : 's'}`;
  const cost = paid ? 'is not refunded' : 'uses up a package credit if it used one';
  const moves =
    rules.maxReschedules === null
      ? ''
      : rules.maxReschedules === 0
        ? ' It cannot be moved.'
        : ` It can be moved ${rules.maxReschedules === 1 ? 'once' : `up to ${rules.maxReschedules} times`}.`;
  if (rules.cancelCutoffHours === 0) return moves ? moves.trim() : null;
  return `You can cancel or move it free of charge until ${hours} before it starts; a later cancellation ${cost}.${moves}`;
}

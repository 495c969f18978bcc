import { adminApi, call } from '#src/lib/api-client.ts';

export const fetchSchedule = (month: string) => call(adminApi.schedule.$get({ query: { month } }));
/** A new time to publish at (the post publishes itself then), or null to take it off the schedule. */
export const reschedulePost = (id: number, scheduledFor: string | null) =>
  call(adminApi.schedule[':id'].$patch({ param: { id: String(id) }, json: { scheduledFor } }));

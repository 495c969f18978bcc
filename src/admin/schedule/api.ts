import { api } from '../../lib/api-client.ts';
import type { AdminPost } from '../../schemas/post.ts';
import type { Schedule } from '../../schemas/schedule.ts';

export const fetchSchedule = (month: string) => api.get<Schedule>(`/api/admin/schedule?month=${month}`);
/** A new time to publish at (the post publishes itself then), or null to take it off the schedule. */
export const reschedulePost = (id: number, scheduledFor: string | null) =>
  api.patch<AdminPost>(`/api/admin/schedule/${id}`, { scheduledFor });

import { api } from '../../lib/api-client.ts';

/** A subscriber as GET /api/admin/subscribers answers it (spec §3), newest first. */
export interface DashboardSubscriber {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** ISO 8601. */
  createdAt: string;
}

export const fetchSubscribers = () => api.get<DashboardSubscriber[]>('/api/admin/subscribers');

import { api } from '../../lib/api-client.ts';
import type { AnalyticsRange, AnalyticsReport } from '../../schemas/analytics.ts';

export const fetchAnalytics = (days: AnalyticsRange) => api.get<AnalyticsReport>(`/api/admin/analytics?days=${days}`);

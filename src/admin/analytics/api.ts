import { adminApi, call } from '../../lib/api-client.ts';
import type { AnalyticsRange } from '../../schemas/analytics.ts';

export const fetchAnalytics = (days: AnalyticsRange) => call(adminApi.analytics.$get({ query: { days: `${days}` } }));

import { adminApi, call } from '#src/lib/api-client.ts';
import type { AnalyticsRange } from '#src/schemas/analytics.ts';

export const fetchAnalytics = (days: AnalyticsRange) => call(adminApi.analytics.$get({ query: { days: `${days}` } }));

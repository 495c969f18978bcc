import { api } from '../../lib/api-client.ts';
import type { SiteSettings } from '../../schemas/settings.ts';

export const saveSettings = (patch: Partial<SiteSettings>) => api.patch<SiteSettings>('/api/admin/settings', patch);

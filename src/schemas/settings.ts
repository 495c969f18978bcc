import { z } from 'zod';

// The coach's site settings (GET/PATCH /api/admin/settings). Each has its first-start default, so
// a fresh site matches the spec until the coach switches a feature on.

export interface SiteSettings {
  /** The newsletter signup forms and the home page's Weekly Newsletter card. */
  newsletterEnabled: boolean;
}

export const DEFAULT_SETTINGS: SiteSettings = { newsletterEnabled: false };

export const settingsPatchSchema = z
  .object({ newsletterEnabled: z.boolean('newsletterEnabled must be true or false').optional() })
  .strict();

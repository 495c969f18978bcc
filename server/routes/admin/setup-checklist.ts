import { Hono } from 'hono';
import { readSetupChecklist } from '#server/services/setup-checklist.ts';
import type { SetupChecklist } from '#src/schemas/setup-checklist.ts';

// Mounted under /api/admin: the admin guard has run before these. The checklist is hidden and shown
// again through Settings (PATCH /api/admin/settings { setupChecklist }).
export const adminSetupChecklistRoutes = new Hono().get('/setup-checklist', async (c) =>
  c.json<SetupChecklist>(await readSetupChecklist()),
);

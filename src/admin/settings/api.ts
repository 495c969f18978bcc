import { adminApi, call } from '#src/lib/api-client.ts';
import type { SettingsPatch } from '#src/schemas/settings.ts';

export const saveSettings = (patch: SettingsPatch) => call(adminApi.settings.$patch({ json: patch }));

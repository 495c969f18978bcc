import { adminApi, call } from '../../lib/api-client.ts';
import type { SettingsPatch } from '../../schemas/settings.ts';

export const saveSettings = (patch: SettingsPatch) => call(adminApi.settings.$patch({ json: patch }));

import { api } from '../../lib/api-client.ts';
import type { AccountOverview, ReauthenticationInput, RecoveryCodes, TwoFactorSetup } from '../../schemas/account.ts';

// The account page's calls (server/routes/admin/account.ts).

export const fetchAccount = () => api.get<AccountOverview>('/api/admin/account');

export const startTwoFactorSetup = () => api.post<TwoFactorSetup>('/api/admin/account/two-factor/setup');

export const confirmTwoFactor = (code: string) => api.post<RecoveryCodes>('/api/admin/account/two-factor/confirm', { code });

export const disableTwoFactor = (proof: ReauthenticationInput) => api.post<void>('/api/admin/account/two-factor/disable', proof);

export const newRecoveryCodes = (proof: ReauthenticationInput) =>
  api.post<RecoveryCodes>('/api/admin/account/two-factor/recovery-codes', proof);

export const setRequireTwoFactor = (required: boolean) =>
  api.put<{ requireTwoFactor: boolean }>('/api/admin/account/require-two-factor', { required });

export const signOutSession = (id: string) => api.delete(`/api/admin/account/sessions/${encodeURIComponent(id)}`);

export const signOutOtherSessions = () => api.post<{ ended: number }>('/api/admin/account/sessions/sign-out-others');

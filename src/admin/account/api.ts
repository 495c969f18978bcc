import { adminApi, call } from '#src/lib/api-client.ts';
import type { ReauthenticationInput } from '#src/schemas/account.ts';

// The account page's calls (server/routes/admin/account.ts).
const account = adminApi.account;

export const fetchAccount = () => call(account.$get());

export const startTwoFactorSetup = () => call(account['two-factor'].setup.$post());

export const confirmTwoFactor = (code: string) => call(account['two-factor'].confirm.$post({ json: { code } }));

export const disableTwoFactor = (proof: ReauthenticationInput) => call(account['two-factor'].disable.$post({ json: proof }));

export const newRecoveryCodes = (proof: ReauthenticationInput) => call(account['two-factor']['recovery-codes'].$post({ json: proof }));

export const setRequireTwoFactor = (required: boolean) => call(account['require-two-factor'].$put({ json: { required } }));

export const signOutSession = (id: string) => call(account.sessions[':id'].$delete({ param: { id } }));

export const signOutOtherSessions = () => call(account.sessions['sign-out-others'].$post());

import { api } from '../../lib/api-client.ts';
import type { NewUserInput, PublicUser } from '../../schemas/user.ts';

// docs/product.md §7: the users list is retried 3 times, 1 second apart, before it counts as failed.
export const USERS_FETCH_RETRIES = 3;
export const USERS_FETCH_RETRY_DELAY_MS = 1_000;

const USERS = '/api/auth/admin/users';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function fetchUsers(): Promise<PublicUser[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.get<PublicUser[]>(USERS);
    } catch (error) {
      if (attempt >= USERS_FETCH_RETRIES) throw error;
      await wait(USERS_FETCH_RETRY_DELAY_MS);
    }
  }
}

export const createUser = (input: NewUserInput) => api.post<PublicUser>(USERS, input);

/** 204. Changing your own password re-issues your session cookie (the server does it). */
export const updateUserPassword = (id: number, password: string) => api.patch<void>(`${USERS}/${id}/password`, { password });

export const updateUserProfileImage = (id: number, profileImageUrl: string | null) =>
  api.patch<PublicUser>(`${USERS}/${id}/profile`, { profileImageUrl });

/** 204; the server refuses the owner, yourself and the last admin with a message. */
export const deleteUser = (id: number) => api.delete(`${USERS}/${id}`);

/** Stores the image and answers its URL (a path under /api/uploads/). */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await api.post<{ url: string }>('/api/upload-profile-image', form);
  return url;
}

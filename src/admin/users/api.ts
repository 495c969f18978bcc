import { adminUserApi, call, profileImageApi } from '#src/lib/api-client.ts';
import type { NewUserInput, PublicUser } from '#src/schemas/user.ts';

// docs/product.md §7: the users list is retried 3 times, 1 second apart, before it counts as failed.
export const USERS_FETCH_RETRIES = 3;
export const USERS_FETCH_RETRY_DELAY_MS = 1_000;

const users = adminUserApi.users;
const byId = (id: number) => ({ param: { id: String(id) } });

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function fetchUsers(): Promise<PublicUser[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(users.$get());
    } catch (error) {
      if (attempt >= USERS_FETCH_RETRIES) throw error;
      await wait(USERS_FETCH_RETRY_DELAY_MS);
    }
  }
}

export const createUser = (input: NewUserInput) => call(users.$post({ json: input }));

/** 204. Changing your own password re-issues your session cookie (the server does it). */
export const updateUserPassword = (id: number, password: string) => call(users[':id'].password.$patch({ ...byId(id), json: { password } }));

export const updateUserProfileImage = (id: number, profileImageUrl: string | null) =>
  call(users[':id'].profile.$patch({ ...byId(id), json: { profileImageUrl } }));

/** 204; the server refuses the owner, yourself and the last admin with a message. */
export const deleteUser = (id: number) => call(users[':id'].$delete(byId(id)));

/** Stores the image and answers its URL (a path under /api/uploads/). */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await call(profileImageApi.index.$post({}, { init: { body: form } }))).url;
}

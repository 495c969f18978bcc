import { adminLink } from '#src/lib/api-client.ts';
import { type LocalDraft, readLocalDraft } from '../kit/autosave/local-draft.ts';
import type { AutosaveTarget } from '../kit/autosave/use-autosave.ts';
import { autosavePost } from './api.ts';
import type { PostFormValues } from './post-form.ts';

// Where a post's work in progress goes: this browser under its own key, and the post's autosave endpoint.

export const postDraftKey = (postId: number | null) => `coaching:post-draft:${postId ?? 'new'}`;

export const readPostDraft = (postId: number | null): LocalDraft<PostFormValues> | null =>
  readLocalDraft(postDraftKey(postId), (values) => typeof (values as PostFormValues | undefined)?.content === 'string');

const bodyOf = ({ title, excerpt, content }: PostFormValues, version: number) => ({ title, excerpt, content, version });

export const postAutosave = (postId: number): AutosaveTarget<PostFormValues> => ({
  url: adminLink(`/blog-posts/${postId}/autosave`),
  body: bodyOf,
  send: async (values, version) => {
    const answer = await autosavePost(postId, bodyOf(values, version));
    return { savedAt: answer.savedAt, version: answer.postVersion };
  },
});

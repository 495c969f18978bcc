import { currentSettings } from '#server/services/settings.ts';
import { COACH_AVATAR } from '#src/components/blog/card-data.ts';
import type { PreviewAuthor } from './post-preview.tsx';

/** The author line of the preview: the coach, as on the public post page. Server-side (site config). */
export const editorAuthor = async (): Promise<PreviewAuthor> => ({ name: (await currentSettings()).coachName, image: COACH_AVATAR });

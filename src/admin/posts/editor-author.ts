import { COACH_AVATAR } from '../../components/blog/card-data.ts';
import { siteConfig } from '../../config/site.ts';
import type { PreviewAuthor } from './post-preview.tsx';

/** The author line of the preview: the coach, as on the public post page. Server-side (site config). */
export const editorAuthor = (): PreviewAuthor => ({ name: siteConfig().coachName, image: COACH_AVATAR });

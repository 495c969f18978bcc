import { EXCERPT_MAX } from '#src/schemas/post.ts';

// What every draft generator takes and gives (docs/decisions.md "Draft generation": the generator is pluggable).

/** The topic fields a generator may use; the topic's own text is data, never instructions. */
export interface DraftTopic {
  title: string;
  description: string;
  categoryName: string | null;
  tags: string[];
  notes: string | null;
  estimatedWordCount: number | null;
  targetAudience: string | null;
}

/** A draft post: Markdown content, stored as-is and sanitised when rendered (ASVS 1.3.1, docs/security.md). */
export interface Draft {
  title: string;
  excerpt: string;
  content: string;
}

export type DraftGenerator = (topic: DraftTopic) => Promise<Draft>;

/**
 * A generator that could not produce a draft. `timeout` answers 504, `failed` 502; the message
 * names the cause and reaches the admin in the 'Draft Generation Failed' toast.
 */
export class DraftGenerationError extends Error {
  constructor(
    readonly kind: 'failed' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'DraftGenerationError';
  }
}

/** The topic's description as the post excerpt, cut at a word boundary to fit the excerpt limit. */
export function excerptFrom(description: string, max = EXCERPT_MAX): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

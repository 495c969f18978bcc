import { slugify } from '../post.ts';
import { paragraphsOf } from './context.ts';
import type { LegalArticle, NavLink } from './sections.ts';

// A legal page's parts as the page draws them, from the text written for this site
// (src/config/legal-content.ts) or from the coach's own (a legalText section's articles).

export interface LegalPart {
  /** Anchor for the in-page table of contents. */
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** A paragraph after the list, when the list needs a closing remark. */
  after?: string;
}

/** What a legal page's text needs beyond its own words. */
export interface LegalData {
  /** The text written for this site from what is switched on (shown until the coach writes their own). */
  written: LegalPart[];
  /** The date the written text last changed, or the coach's own text was saved (yyyy-mm-dd). */
  updatedOn: string;
  contactEmail: string;
  /** The other legal pages, by their titles. */
  seeAlso: NavLink[];
}

/** The coach's own parts, each with an anchor from its heading (numbered when two headings match). */
export function partsOf(articles: LegalArticle[]): LegalPart[] {
  const taken = new Set<string>();
  return articles.map((article, index) => {
    let id = slugify(article.heading) || `part-${index + 1}`;
    if (taken.has(id)) id = `${id}-${index + 1}`;
    taken.add(id);
    return {
      id,
      heading: article.heading,
      paragraphs: paragraphsOf(article.body),
      list: article.items.length > 0 ? article.items : undefined,
      after: article.after || undefined,
    };
  });
}

/** A written part as the coach's own, to start their own text from. */
export const articleOf = (part: LegalPart): LegalArticle => ({
  heading: part.heading,
  body: (part.paragraphs ?? []).join('\n\n'),
  items: part.list ?? [],
  after: part.after ?? '',
});

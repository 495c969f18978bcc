import type { PageContent } from '#src/schemas/site-content/pages.ts';
import { TextDiff } from '../kit/revision-history/text-diff.tsx';
import { pageTextBlocks } from './page-text.ts';

/** What differs between two versions of a page, as text: only the parts that changed, each as a diff. */
export function PageDiff({ before, after }: { before: PageContent; after: PageContent }) {
  const old = new Map(pageTextBlocks(before).map((block) => [block.key, block.text]));
  const changed = pageTextBlocks(after).filter((block) => old.get(block.key) !== block.text);
  if (changed.length === 0) return <p className="text-sm text-muted">No changes.</p>;
  return (
    <div className="space-y-4">
      {changed.map((block) => (
        <TextDiff key={block.key} label={block.name} before={old.get(block.key) ?? ''} after={block.text} />
      ))}
    </div>
  );
}

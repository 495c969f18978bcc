import { TextDiff } from '../kit/revision-history/text-diff.tsx';

type Text = { title: string; excerpt: string; content: string };

/** The three texts a post's revision holds, each as a diff. */
export function PostDiff({ before, after }: { before: Text; after: Text }) {
  return (
    <div className="space-y-4">
      <TextDiff label="Title" before={before.title} after={after.title} />
      <TextDiff label="Excerpt" before={before.excerpt} after={after.excerpt} />
      <TextDiff label="Content" before={before.content} after={after.content} />
    </div>
  );
}

import { diffWordsWithSpace } from 'diff';
import { useMemo } from 'react';

/**
 * What changed from `before` to `after`, word by word: removals struck through, additions
 * marked, the rest as it was. Screen readers hear "removed"/"added" before each change.
 */
export function TextDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const parts = useMemo(() => diffWordsWithSpace(before, after), [before, after]);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</h4>
      {changed ? (
        <p className="mt-1 whitespace-pre-wrap break-words rounded-control border border-line bg-canvas p-3 text-sm leading-relaxed">
          {parts.map((part, index) =>
            part.removed ? (
              <del key={index} className="bg-red-50 text-red-800 decoration-red-700">
                <span className="sr-only">removed: </span>
                {part.value}
              </del>
            ) : part.added ? (
              <ins key={index} className="bg-emerald-50 text-emerald-900 no-underline ring-1 ring-emerald-200">
                <span className="sr-only">added: </span>
                {part.value}
              </ins>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">No changes.</p>
      )}
    </div>
  );
}

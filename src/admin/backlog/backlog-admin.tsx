'use client';

import { Plus, Sparkles } from 'lucide';
import { useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { BacklogTopic } from '#src/schemas/backlog-topic.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { useAction } from '../kit/use-action.ts';
import { useOptimisticReorder } from '../kit/use-optimistic-reorder.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteTopic, fetchTopics, generateDraft, reorderTopics } from './api.ts';
import { DRAFT_FAILED, DRAFT_GENERATED, EMPTY_BACKLOG, LOAD_FAILED, REORDER_FAILED, TOPICS_REORDERED } from './messages.ts';
import { SortableTopicList } from './sortable-topic-list.tsx';
import { type CategoryOption, TopicDialog, type TopicEditor } from './topic-dialog.tsx';

export interface BacklogAdminProps {
  initialTopics: BacklogTopic[];
  categories: CategoryOption[];
}

/** While a draft is being generated, the topic it works on (the first pending one) shows as processing. */
function withGenerating(topics: BacklogTopic[], generating: boolean): BacklogTopic[] {
  if (!generating) return topics;
  const first = topics.findIndex((topic) => topic.status === 'pending');
  return first < 0 ? topics : topics.map((topic, index) => (index === first ? { ...topic, status: 'processing' } : topic));
}

const DELETE_TOPIC: DeleteTexts<BacklogTopic> = {
  title: 'Delete Blog Topic',
  question: (topic) => `Are you sure you want to delete "${topic.title}" from the backlog? This cannot be undone.`,
  success: (topic) => ({ title: 'Blog topic deleted', description: topic.title }),
  failureTitle: 'Failed to delete topic',
};

/** docs/product.md §2 "Admin blog backlog": the ordered topic cards, their dialogs, reordering and draft generation. */
export function BacklogAdmin({ initialTopics, categories }: BacklogAdminProps) {
  // The order the server last confirmed: what a failed reorder rolls back to.
  const confirmed = useRef(initialTopics);
  const {
    data: topics,
    setData: setTopics,
    refetch: refresh,
    dropRefetch,
  } = useServerData(initialTopics, fetchTopics, { title: LOAD_FAILED }, (fresh) => {
    // A refetched list, once shown, is what the server confirmed.
    confirmed.current = fresh;
  });
  const generation = useAction();
  const generating = generation.busy;
  const [editor, setEditor] = useState<TopicEditor>(null);
  const deleting = useDeleteState<BacklogTopic>();

  const shown = withGenerating(topics, generating);
  const pending = topics.filter((topic) => topic.status === 'pending').length;

  const reorder = useOptimisticReorder({
    setItems: setTopics,
    confirmed,
    save: async (next: BacklogTopic[]) => (await reorderTopics(next.map((topic, priority) => ({ id: topic.id, priority })))).topics,
    texts: { success: TOPICS_REORDERED, failure: REORDER_FAILED },
    beforeShow: dropRefetch,
  });

  async function generate() {
    await generation.run(
      generateDraft,
      { success: ({ message }) => ({ title: DRAFT_GENERATED, description: message }), failureTitle: DRAFT_FAILED },
      {
        stay: true,
      },
    );
    // Either way the statuses may have changed (drafted, or back to pending, or taken by someone else).
    await refresh();
  }

  function saved(topic: BacklogTopic, mode: 'add' | 'edit') {
    setEditor(null);
    const replace = (list: BacklogTopic[]) =>
      mode === 'add' ? [...list, topic] : list.map((item) => (item.id === topic.id ? topic : item));
    confirmed.current = replace(confirmed.current);
    setTopics(replace);
  }

  function deleted(topic: BacklogTopic) {
    const without = (list: BacklogTopic[]) => list.filter((item) => item.id !== topic.id);
    confirmed.current = without(confirmed.current);
    setTopics(without);
  }

  return (
    <section aria-labelledby="backlog-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="backlog-heading" className="text-lg font-semibold">
            Topics
          </h2>
          <p className="text-sm text-muted" aria-live="polite">
            {topics.length} {topics.length === 1 ? 'topic' : 'topics'} · {pending} pending
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 min-[420px]:w-auto min-[420px]:flex-row">
          <Button variant="outline" onClick={generate} disabled={generating || pending === 0} className="disabled:opacity-60">
            <Icon shapes={Sparkles} aria-hidden="true" className={generating ? 'size-4 motion-safe:animate-pulse' : 'size-4'} />
            {generating ? 'Generating Draft...' : 'Generate Draft'}
          </Button>
          <Button onClick={() => setEditor({ mode: 'add' })}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> Add Topic
          </Button>
        </div>
      </div>
      {topics.length > 0 && (
        <p className="mt-2 text-sm text-muted">
          {pending > 0
            ? 'Drafts are generated from the first pending topic.'
            : 'Every topic has been drafted or is in progress: add a topic to generate another draft.'}{' '}
          Drag a card by its handle, or focus the handle and use Space and the arrow keys, to change the order.
        </p>
      )}

      <div className="mt-5">
        {shown.length > 0 ? (
          <SortableTopicList
            topics={shown}
            onReorder={reorder}
            onEdit={(topic) => setEditor({ mode: 'edit', topic })}
            onDelete={deleting.ask}
          />
        ) : (
          <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
            <p className="text-muted">{EMPTY_BACKLOG}</p>
            <Button variant="outline" className="mt-4" onClick={() => setEditor({ mode: 'add' })}>
              <Icon shapes={Plus} aria-hidden="true" className="size-4" /> Add your first topic
            </Button>
          </div>
        )}
      </div>

      <TopicDialog editor={editor} categories={categories} onClose={() => setEditor(null)} onSaved={saved} />
      <DeleteDialog state={deleting} texts={DELETE_TOPIC} remove={(topic) => deleteTopic(topic.id)} onDeleted={deleted}>
        {deleting.target?.postId != null && <p className="text-sm">The draft generated from it stays in your posts.</p>}
      </DeleteDialog>
    </section>
  );
}

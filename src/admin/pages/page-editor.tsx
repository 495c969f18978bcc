'use client';

import { ArrowDown, ArrowUp, ExternalLink, Eye, Monitor, PencilLine, Smartphone } from 'lucide';
import { type ReactNode, useState } from 'react';
import { PageSections, type SectionData } from '#src/components/sections/page-sections.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { SectionContext } from '#src/schemas/site-content/context.ts';
import { type AdminPage, isEverywhere, type PageContent, type PageKey } from '#src/schemas/site-content/pages.ts';
import { AutosaveStatus } from '../kit/autosave/autosave-status.tsx';
import { FormAlert, SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { HistoryToggle } from '../kit/revision-history/history-panel.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { ContentFields } from './content-fields.tsx';
import { LegalTextFields } from './legal-text-fields.tsx';
import { PageHistory } from './page-history.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { SECTION_FORMS } from './section-forms.ts';
import { usePageEditor } from './use-page-editor.ts';

const WIDTHS = { phone: 375, desktop: 1280 } as const;

/** Where the newest post shows on the home page (the preview has no posts of its own). */
const LATEST_POST_STAND_IN = (
  <div className="rounded-card border border-dashed border-line bg-canvas p-10 text-center text-muted">Your newest post shows here.</div>
);

/** What an empty browser-tab title stands for, where the page has a name of its own. */
const META_TITLE_HINTS: Partial<Record<PageKey, string>> = {
  home: 'Empty: your site’s or your own name.',
  about: 'Empty: your site’s or your own name.',
  privacy: 'Empty: the title below.',
  terms: 'Empty: the title below.',
  cookies: 'Empty: the title below.',
};

/** Admin → Pages → one page: its sections' fields beside a live preview at phone or desktop width. */
export function PageEditor({
  page,
  pending,
  context,
  data,
}: {
  page: AdminPage;
  pending: { content: PageContent; savedAt: string } | null;
  context: SectionContext;
  /** What the preview's sections need beyond the page's words (the route gathers what this page needs). */
  data: Omit<SectionData, 'latestPost'>;
}) {
  const editor = usePageEditor(page, pending);
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  // Below xl the form and the preview take turns (side by side they would be too narrow to use).
  const [showing, setShowing] = useState<'form' | 'preview'>('form');
  const [historyOpen, setHistoryOpen] = useState(false);
  const { content, errors } = editor;

  return (
    <form noValidate onSubmit={editor.submit} aria-busy={editor.busy} className="mt-6">
      <div className="sticky top-0 z-20 -mx-4 flex flex-wrap items-center gap-3 border-b border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <Button type="submit" disabled={editor.busy}>
          {editor.busy ? 'Saving...' : 'Save page'}
        </Button>
        <AutosaveStatus state={editor.autosaveState} browserOnly={false} />
        <Button
          size="sm"
          variant="outline"
          className="xl:hidden"
          aria-pressed={showing === 'preview'}
          onClick={() => setShowing(showing === 'form' ? 'preview' : 'form')}
        >
          <Icon shapes={showing === 'form' ? Eye : PencilLine} aria-hidden="true" className="size-4" />
          {showing === 'form' ? 'Preview' : 'Back to the form'}
        </Button>
        <HistoryToggle size="sm" open={historyOpen} controls="page-history" onToggle={() => setHistoryOpen((shown) => !shown)}>
          History
        </HistoryToggle>
        <span className="text-sm text-muted">{editor.dirty ? 'Unsaved changes' : 'All changes saved'}</span>
        <a
          href={page.path}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-auto inline-flex items-center gap-1.5 text-sm font-semibold text-primary-700 hover:text-primary-900"
        >
          View page <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <FormAlert message={editor.failure} className="mt-4" />
      {historyOpen && <PageHistory pageKey={page.key} current={content} restore={editor.restore} onRestored={editor.replace} />}
      {editor.restoredAt && (
        <p role="status" className="mt-4 flex flex-wrap items-center gap-3 rounded-control bg-accent-50 px-4 py-3 text-sm text-ink">
          Opened with your unsaved changes from <DateTime at={editor.restoredAt} />.
          <Button size="sm" variant="outline" onClick={editor.discardRestored}>
            Discard them
          </Button>
        </p>
      )}

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className={cn('grid content-start gap-5', showing === 'preview' && 'max-xl:hidden')}>
          {!isEverywhere(page.key) && (
            <SectionCard title="Search and browser tab" id="page-meta">
              <div className="grid gap-4">
                <TextField
                  id="page-meta-title"
                  label="Page title"
                  optional
                  value={content.meta.title}
                  error={errors['meta.title']}
                  hint={META_TITLE_HINTS[page.key]}
                  onChange={(event) => editor.updateMeta({ ...content.meta, title: event.target.value })}
                />
                <TextAreaField
                  id="page-meta-description"
                  label="Description"
                  optional
                  rows={2}
                  value={content.meta.description}
                  error={errors['meta.description']}
                  hint={`Shown by search engines and when the page is shared. Empty: ${page.sections.includes('legalText') ? 'one written for this page' : 'your site’s description'}.`}
                  onChange={(event) => editor.updateMeta({ ...content.meta, description: event.target.value })}
                />
              </div>
            </SectionCard>
          )}
          {content.sections.map((section, index) => {
            const form = SECTION_FORMS[section.type];
            const id = `section-${section.type}`;
            return (
              <SectionCard
                key={section.type}
                id={id}
                title={form.name}
                hidden={section.hidden}
                actions={
                  content.sections.length > 1 && (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={index === 0}
                        aria-label={`Move ${form.name} up`}
                        onClick={() => editor.moveSection(index, index - 1)}
                      >
                        <Icon shapes={ArrowUp} aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={index === content.sections.length - 1}
                        aria-label={`Move ${form.name} down`}
                        onClick={() => editor.moveSection(index, index + 1)}
                      >
                        <Icon shapes={ArrowDown} aria-hidden="true" className="size-4" />
                      </Button>
                    </>
                  )
                }
              >
                <div className="grid gap-4">
                  {section.type !== 'legalText' && section.type !== 'notFound' && (
                    <SwitchField
                      id={`${id}-shown`}
                      label="Shown on the page"
                      hint={section.type === 'contactDetails' ? 'When hidden, the form stays and the cards beside it go.' : undefined}
                      checked={!section.hidden}
                      onChange={(shown) => editor.updateSection(index, { ...section, hidden: !shown })}
                    />
                  )}
                  {section.type === 'legalText' ? (
                    <LegalTextFields
                      section={section}
                      written={data.legal?.written ?? []}
                      path={`sections.${index}`}
                      errors={errors}
                      onChange={(next) => editor.updateSection(index, next)}
                    />
                  ) : (
                    <ContentFields
                      specs={form.fields}
                      value={section as unknown as Record<string, unknown>}
                      path={`sections.${index}`}
                      errors={errors}
                      onChange={(next) => editor.updateSection(index, next as unknown as typeof section)}
                    />
                  )}
                </div>
              </SectionCard>
            );
          })}
        </div>

        <aside aria-label="Preview" className={cn('xl:sticky xl:top-20 xl:self-start', showing === 'form' && 'max-xl:hidden')}>
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">Preview</h2>
            <fieldset className="flex gap-1 rounded-control bg-primary-50 p-1">
              <legend className="sr-only">Preview width</legend>
              {(['phone', 'desktop'] as const).map((choice) => (
                <Button
                  key={choice}
                  size="sm"
                  variant={width === choice ? 'primary' : 'ghost'}
                  aria-pressed={width === choice}
                  onClick={() => setWidth(choice)}
                >
                  <Icon shapes={choice === 'phone' ? Smartphone : Monitor} aria-hidden="true" className="size-4" />
                  {choice === 'phone' ? 'Phone' : 'Desktop'}
                </Button>
              ))}
            </fieldset>
          </div>
          <section
            // Scrolls on its own beside the form on wide screens: focusable, so the keyboard scrolls it too.
            tabIndex={0}
            aria-label="The page as visitors see it"
            className="mt-3 overflow-hidden rounded-card border border-line shadow-sm xl:max-h-[calc(100vh-8rem)] xl:overflow-y-auto"
          >
            <div className={width === 'phone' ? 'mx-auto max-w-[375px]' : undefined}>
              <PreviewFrame key={width} width={WIDTHS[width]} title={`Preview of the ${page.name} page at ${width} width`}>
                <main>
                  <PageSections sections={content.sections} context={context} data={{ ...data, latestPost: LATEST_POST_STAND_IN }} />
                </main>
              </PreviewFrame>
            </div>
          </section>
        </aside>
      </div>
    </form>
  );
}

function SectionCard({
  id,
  title,
  hidden = false,
  actions,
  children,
}: {
  id: string;
  title: string;
  hidden?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
          {title}
          {hidden && <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-muted ring-1 ring-line">Hidden</span>}
        </h2>
        {actions && <div className="flex gap-1">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

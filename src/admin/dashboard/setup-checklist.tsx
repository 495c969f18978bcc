import { ArrowRight, Circle, CircleCheck } from 'lucide';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { formatDate } from '#src/lib/format-date.ts';
import type { SetupChecklist as Checklist, SetupStep } from '#src/schemas/setup-checklist.ts';
import { HideChecklistButton } from './hide-checklist-button.tsx';

/** 'photo', 'photo and tagline', 'name, photo and tagline'. */
const listed = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/**
 * The dashboard's setup checklist (issue 38 §2): the steps from a fresh site to a live one, each
 * ticked by what is true of the site (server/services/setup-checklist.ts), with why it matters and
 * the screen that does it. Hidden from the dashboard, it comes back from Settings.
 */
export function SetupChecklist({ checklist, timeZone }: { checklist: Checklist; timeZone: string }) {
  const { steps, done, total } = checklist;
  return (
    <section
      aria-labelledby="setup-checklist-heading"
      data-testid="setup-checklist"
      className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h2 id="setup-checklist-heading" className="text-xl font-semibold">
            Set up your site
          </h2>
          <p className="mt-1 text-sm text-muted">
            {done === total
              ? 'Every step is done: the site is live. Hide this checklist whenever you like.'
              : 'The steps from a fresh site to a live one, each ticked once it is really done.'}
          </p>
        </div>
        <HideChecklistButton />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <p className="shrink-0 text-sm font-semibold text-primary-950" data-testid="setup-progress">
          {done} of {total} done
        </p>
        <div aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-primary-100">
          <div className="h-full rounded-full bg-primary-700" style={{ width: `${Math.round((done / total) * 100)}%` }} />
        </div>
      </div>
      <ol className="mt-5 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {steps.map((step) => (
          <SetupStepItem key={step.id} step={step} timeZone={timeZone} />
        ))}
      </ol>
    </section>
  );
}

/** A link's words and its arrow, the arrow kept on the line of the last word. */
function LinkLabel({ label }: { label: string }) {
  const cut = label.lastIndexOf(' ') + 1;
  return (
    <>
      {label.slice(0, cut)}
      <span className="whitespace-nowrap">
        {label.slice(cut)} <Icon shapes={ArrowRight} aria-hidden="true" className="inline size-4 align-[-0.2em]" />
      </span>
    </>
  );
}

function SetupStepItem({ step, timeZone }: { step: SetupStep; timeZone: string }) {
  return (
    <li
      data-testid={`setup-step-${step.id}`}
      data-done={step.done}
      className={cn(
        'flex min-w-0 gap-3 rounded-control border p-3 sm:p-4',
        step.done ? 'border-line bg-canvas' : 'border-primary-200 bg-surface',
      )}
    >
      <Icon
        shapes={step.done ? CircleCheck : Circle}
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', step.done ? 'text-emerald-700' : 'text-primary-400')}
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 flex-1 font-sans text-base font-semibold [overflow-wrap:anywhere]">{step.title}</h3>
          <span
            className={cn(
              'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              step.done ? 'bg-emerald-100 text-emerald-800' : 'bg-primary-50 text-primary-800',
            )}
          >
            {step.done ? 'Done' : 'To do'}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted">{step.why}</p>
        {!step.done && step.missing.length > 0 && step.missing.length < 3 && (
          <p className="mt-1 text-sm text-ink">Still the sample: your {listed(step.missing)}.</p>
        )}
        {step.at && (
          <p className="mt-1 text-sm text-ink">
            Last taken <time dateTime={step.at}>{formatDate(step.at, timeZone)}</time>.
          </p>
        )}
        {step.command && (
          <div className="mt-2">
            <p className="text-sm text-ink">{step.command.label}</p>
            <pre className="mt-1 whitespace-pre-wrap rounded-control bg-primary-950 px-3 py-2 font-mono text-xs text-white [overflow-wrap:anywhere]">
              <code>{step.command.text}</code>
            </pre>
          </div>
        )}
        {step.links.length > 0 && (
          <ul className="mt-2 space-y-1">
            {step.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-950">
                  <LinkLabel label={link.label} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

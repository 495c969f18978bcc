import { ChartColumn } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { ComingSoonBadge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { currentAdmin } from '../../lib/admin-session.ts';

// Admin screens the dashboard links to before they are built: real pages that say what they will
// hold (each is replaced by its working screen in turn).
const PLACEHOLDERS = {
  analytics: {
    title: 'Analytics',
    icon: ChartColumn,
    summary: 'How readers find and use the site.',
    plans: ['Page views per post and per week', 'Most read articles and their sources', 'Contact messages over time'],
  },
} as const;

/** The placeholder page of one not-yet-built admin screen (the layout has checked the session). */
export async function PlaceholderScreen({ name }: { name: keyof typeof PLACEHOLDERS }) {
  if (!(await currentAdmin())) return null;
  const { title, icon, summary, plans } = PLACEHOLDERS[name];
  return <ComingSoonPage title={title} icon={icon} summary={summary} plans={[...plans]} />;
}

function ComingSoonPage({
  title,
  icon: Icon,
  summary,
  plans,
}: {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  summary: string;
  plans: string[];
}) {
  return (
    <>
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold">{title}</h1>
        <ComingSoonBadge />
      </div>
      <section className="mt-8 max-w-2xl rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-control bg-primary-50 text-primary-800">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-5 text-lg text-ink">{summary}</p>
        <h2 className="mt-6 font-sans text-sm font-semibold uppercase tracking-wider text-muted">What this page will hold</h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-muted">
          {plans.map((plan) => (
            <li key={plan}>{plan}</li>
          ))}
        </ul>
        <ButtonLink to="/admin" variant="outline" className="mt-8">
          Back to Dashboard
        </ButtonLink>
      </section>
    </>
  );
}

import { ArrowRight } from 'lucide-react';
import { Link } from 'waku';

/** A tab panel's heading with a link to the full screen. */
export function PanelHeader({
  id,
  title,
  description,
  href,
  linkLabel,
}: {
  id: string;
  title: string;
  description: string;
  href: string;
  linkLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{description}</p>
      </div>
      <Link to={href} className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-950">
        {linkLabel} <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

import { FlaskConical } from 'lucide';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';

/** Says that the menu hides this screen while Settings → Developer tools is off, and where to turn it on. */
export function DeveloperToolsNotice() {
  return (
    <div className="mt-6 flex gap-3 rounded-card border border-accent-300 bg-accent-50 p-4 text-sm sm:p-5">
      <Icon shapes={FlaskConical} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-800" />
      <p className="text-ink">
        <span className="font-semibold text-primary-950">Developer tools are off,</span> so the admin menu does not list this screen. To
        find it under Site, turn on Developer tools in{' '}
        <Link to="/admin/settings" className="rounded-sm font-semibold text-primary-700 underline hover:text-primary-950">
          Settings
        </Link>
        .
      </p>
    </div>
  );
}

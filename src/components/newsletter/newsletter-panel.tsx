import { Mail } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { NewsletterSignup } from './newsletter-signup.tsx';

/** After a post: the invitation to the weekly newsletter, with its signup. */
export function NewsletterPanel() {
  return (
    <section aria-labelledby="newsletter-panel-heading" className="mt-12 rounded-card border border-line bg-canvas p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-control bg-accent-100 text-accent-800">
          <Icon shapes={Mail} aria-hidden="true" className="size-5" />
        </span>
        <h2 id="newsletter-panel-heading" className="text-xl font-semibold">
          Get the weekly newsletter
        </h2>
      </div>
      <p className="mt-3 text-muted">One short, actionable insight each week. Confirm by email; unsubscribe in one click.</p>
      <div className="mt-5">
        <NewsletterSignup source="post" />
      </div>
    </section>
  );
}

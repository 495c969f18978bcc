import { ShieldAlert } from 'lucide';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = 'You need admin privileges to access this page.';

export function AccessDenied() {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <title>{ACCESS_DENIED_TITLE}</title>
      <meta name="robots" content="noindex, nofollow" />
      <Icon shapes={ShieldAlert} aria-hidden="true" className="size-12 text-red-700" />
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{ACCESS_DENIED_TITLE}</h1>
      <p className="mt-3 text-lg text-muted">{ACCESS_DENIED_TEXT}</p>
      <ButtonLink to="/" variant="outline" className="mt-8">
        Back to the site
      </ButtonLink>
    </main>
  );
}

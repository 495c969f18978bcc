import { Mountain } from 'lucide-react';
import { Link } from 'waku';
import { unstable_redirect } from 'waku/router/server';
import { LoginForm } from '../../admin/login/login-form.tsx';
import { AccessDenied } from '../../admin/shared/access-denied.tsx';
import { siteConfig } from '../../config/site.ts';
import { adminAccess } from '../../lib/admin-session.ts';
import { setPageStatus } from '../../lib/page-status.ts';
import { safeNextPath } from '../../lib/safe-next.ts';

export default async function AdminLoginPage({ query }: { query: string }) {
  const next = safeNextPath(new URLSearchParams(query).get('next'));
  const access = await adminAccess();
  // A signed-in admin has nothing to do here; a signed-in non-admin is refused here as on every admin page.
  if (access.state === 'admin') unstable_redirect(next, 303);
  if (access.state === 'forbidden') {
    setPageStatus(403);
    return <AccessDenied />;
  }
  const { name } = siteConfig();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-canvas px-4 py-12">
      <title>{`Admin Sign In | ${name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="w-full max-w-md">
        <Link to="/" className="mx-auto flex w-fit items-center gap-2.5 rounded-control">
          <span className="flex size-10 items-center justify-center rounded-control bg-primary-800 text-accent-300">
            <Mountain aria-hidden="true" className="size-5" />
          </span>
          <span className="font-display text-lg font-semibold text-primary-950">{name}</span>
        </Link>
        <div className="mt-8 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold">Admin Sign In</h1>
          <p className="mt-2 text-sm text-muted">Sign in to manage posts, messages and users.</p>
          <div className="mt-6">
            <LoginForm next={next} />
          </div>
        </div>
      </div>
    </main>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

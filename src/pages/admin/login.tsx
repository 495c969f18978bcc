import { unstable_redirect } from 'waku/router/server';
import { LoginForm } from '#src/admin/login/login-form.tsx';
import { AccessDenied } from '#src/admin/shared/access-denied.tsx';
import { AuthCard } from '#src/admin/shared/auth-card.tsx';
import { adminAccess } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import { safeNextPath } from '#src/lib/safe-next.ts';

export default async function AdminLoginPage({ query }: { query: string }) {
  const next = safeNextPath(new URLSearchParams(query).get('next'));
  const access = await adminAccess();
  // A signed-in admin has nothing to do here; a signed-in non-admin is refused here as on every admin page.
  if (access.state === 'admin') unstable_redirect(next, 303);
  if (access.state === 'forbidden') {
    setPageStatus(403);
    return <AccessDenied />;
  }
  return (
    <AuthCard title="Admin Sign In" intro="Sign in to manage posts, messages and users.">
      <LoginForm next={next} />
    </AuthCard>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

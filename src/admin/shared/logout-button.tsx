'use client';

import { LogOut } from 'lucide';
import { useRouter } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { call, publicApi } from '#src/lib/api-client.ts';
import { FAILED, useAction } from '../kit/use-action.ts';

export function LogoutButton() {
  const router = useRouter();
  const { busy, run } = useAction();

  async function logout() {
    const done = await run(() => call(publicApi.auth.logout.$post()), {
      success: { title: 'Logged Out', description: 'You have been successfully logged out.' },
      failureTitle: 'Logout Failed',
    });
    if (done !== FAILED) router.push('/admin/login');
  }

  return (
    <Button variant="outline" size="sm" onClick={logout} disabled={busy}>
      <Icon shapes={LogOut} aria-hidden="true" className="size-4" /> Logout
    </Button>
  );
}

'use client';

import { LogOut } from 'lucide';
import { useState } from 'react';
import { useRouter } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { call, errorMessage, publicApi } from '#src/lib/api-client.ts';
import { useToast } from '#src/lib/toast-store.ts';

export function LogoutButton() {
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      await call(publicApi.auth.logout.$post());
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
      router.push('/admin/login');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Logout Failed', description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={logout} disabled={busy}>
      <Icon shapes={LogOut} aria-hidden="true" className="size-4" /> Logout
    </Button>
  );
}

'use client';

import { Check, Copy, Download } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { useToast } from '#src/lib/toast-store.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';

/**
 * The ten recovery codes, shown once: to download or copy, then 'I have saved these codes'. Leaving
 * the page before that asks first, since they cannot be shown again.
 */
export function RecoveryCodesPanel({ codes, siteName, onSaved }: { codes: string[]; siteName: string; onSaved: () => void }) {
  const toast = useToast();
  useLeaveGuard(true);
  const text = `${siteName}: recovery codes for two-factor sign-in\n\nEach code works once.\n\n${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the codes and copy them, or download them.' });
    }
  }

  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4">
      <div>
        <h3 id="recovery-codes-heading" className="font-semibold text-primary-950">
          Save your recovery codes
        </h3>
        <p className="mt-1 text-sm text-muted">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe, such as a
          password manager: <strong className="font-semibold text-primary-950">they are shown only now.</strong>
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-control border border-line bg-canvas p-4 font-mono text-sm min-[420px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={download}>
          <Icon shapes={Download} aria-hidden="true" className="size-4" /> Download
        </Button>
        <Button variant="outline" size="sm" onClick={copy}>
          <Icon shapes={Copy} aria-hidden="true" className="size-4" /> Copy
        </Button>
        <Button size="sm" onClick={onSaved} className="sm:ml-auto">
          <Icon shapes={Check} aria-hidden="true" className="size-4" /> I have saved these codes
        </Button>
      </div>
    </section>
  );
}

'use client';

import { X } from 'lucide';
import { useRouter } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { saveSettings } from '../settings/api.ts';

/**
 * Hides the setup checklist from the dashboard (Settings' setupChecklist switch brings it back),
 * then draws the dashboard again without it and puts focus on its heading, since the button is gone.
 */
export function HideChecklistButton() {
  const action = useAction();
  const router = useRouter();

  async function hide() {
    const done = await action.run(() => saveSettings({ setupChecklist: false }), {
      success: { title: 'Setup checklist hidden', description: 'Show it again from Settings, under Features.' },
      failureTitle: 'Failed to hide the setup checklist',
    });
    if (done === FAILED) return;
    await router.replace(`${router.path}${router.query ? `?${router.query}` : ''}`, { scroll: false });
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }

  return (
    <Button variant="outline" size="sm" onClick={hide} disabled={action.busy}>
      <Icon shapes={X} aria-hidden="true" className="size-4" /> {action.busy ? 'Hiding...' : 'Hide checklist'}
    </Button>
  );
}

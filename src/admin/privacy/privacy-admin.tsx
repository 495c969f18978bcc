'use client';

import { Hourglass, UserSearch } from 'lucide';
import type { ErasureRequest } from '#src/schemas/portal.ts';
import type { Retention } from '#src/schemas/privacy.ts';
import { Tabs } from '../kit/tabs.tsx';
import { RequestsPanel } from './requests-panel.tsx';
import { RetentionForm } from './retention-form.tsx';

/** /admin/privacy: a person's request to see, export or erase what the site holds about them, and how long messages are kept. */
export function PrivacyAdmin({ retention, erasureRequests }: { retention: Retention; erasureRequests: ErasureRequest[] }) {
  return (
    <div className="mt-6">
      <Tabs
        label="Privacy requests"
        tabs={[
          { id: 'requests', label: 'Requests', icon: UserSearch, panel: <RequestsPanel erasureRequests={erasureRequests} /> },
          { id: 'retention', label: 'Retention', icon: Hourglass, panel: <RetentionForm initial={retention} /> },
        ]}
      />
    </div>
  );
}

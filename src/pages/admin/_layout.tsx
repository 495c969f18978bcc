import type { ReactNode } from 'react';
import { Providers } from '#src/components/ui/providers.tsx';

/** The admin area, login included: client state, toasts and tooltips. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

import { LegalPage } from '#src/components/legal/legal-page.tsx';

export default async function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

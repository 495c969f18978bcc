import { LegalPage } from '#src/components/legal/legal-page.tsx';

export default async function TermsPage() {
  return <LegalPage kind="terms" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

import { LegalPage } from '#src/components/legal/legal-page.tsx';

export default async function CookiesPage() {
  return <LegalPage kind="cookies" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

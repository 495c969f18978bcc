import { ConfirmButton } from '#src/components/newsletter/confirm-button.tsx';
import { NewsletterLinkPage } from '#src/components/newsletter/newsletter-link-page.tsx';

export default async function ConfirmSubscriptionPage({ query }: { query: string }) {
  const token = new URLSearchParams(query).get('token') ?? '';
  return (
    <NewsletterLinkPage title="Confirm your subscription" intro="One click, and the weekly newsletter starts arriving in your inbox.">
      <ConfirmButton token={token} />
    </NewsletterLinkPage>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

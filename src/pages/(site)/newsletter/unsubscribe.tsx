import { NewsletterLinkPage } from '#src/components/newsletter/newsletter-link-page.tsx';
import { UnsubscribeButton } from '#src/components/newsletter/unsubscribe-button.tsx';

export default async function UnsubscribePage({ query }: { query: string }) {
  const token = new URLSearchParams(query).get('token') ?? '';
  return (
    <NewsletterLinkPage title="Unsubscribe" intro="Stop receiving the weekly newsletter at this address. You can come back at any time.">
      <UnsubscribeButton token={token} />
    </NewsletterLinkPage>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

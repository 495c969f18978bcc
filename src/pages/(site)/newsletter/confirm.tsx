import { confirmLinkState } from '#server/services/newsletter/signup.ts';
import { ConfirmButton } from '#src/components/newsletter/confirm-button.tsx';
import { NewsletterLinkPage } from '#src/components/newsletter/newsletter-link-page.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { ALREADY_SUBSCRIBED } from '#src/schemas/newsletter-signup.ts';

export default async function ConfirmSubscriptionPage({ query }: { query: string }) {
  const token = new URLSearchParams(query).get('token') ?? '';
  // Reading the link's state changes nothing: only the button's POST confirms (mail scanners GET every link).
  if ((await confirmLinkState(token)) === 'subscribed') {
    return (
      <NewsletterLinkPage title={ALREADY_SUBSCRIBED} intro="This link has done its work: the weekly newsletter comes to your inbox.">
        <ButtonLink to="/blog" size="lg">
          Read the blog
        </ButtonLink>
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage title="Confirm your subscription" intro="One click, and the weekly newsletter starts arriving in your inbox.">
      <ConfirmButton token={token} />
    </NewsletterLinkPage>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

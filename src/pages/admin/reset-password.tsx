import { ResetPasswordForm } from '#src/admin/password-reset/reset-password-form.tsx';
import { AuthCard } from '#src/admin/shared/auth-card.tsx';

export default async function ResetPasswordPage({ query }: { query: string }) {
  const token = new URLSearchParams(query).get('token') ?? '';
  return (
    <AuthCard
      title="Choose a new password"
      intro="At least 8 characters, with an upper- and a lower-case letter, a number and a special character."
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

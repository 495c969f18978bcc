import { ForgotPasswordForm } from '#src/admin/password-reset/forgot-password-form.tsx';
import { AuthCard } from '#src/admin/shared/auth-card.tsx';

export default async function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

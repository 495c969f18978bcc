/**
 * The name the dashboard greets an admin by (issue 32 §7): the owner is the coach, so the first
 * word of the coach's name in Settings; another admin their own first name when the account has
 * one, else their e-mail.
 */
export function greetingName(admin: { isOwner: boolean; firstName: string | null; email: string }, coachName: string): string {
  const first = (name: string | null) => name?.trim().split(/\s+/)[0] || null;
  return (admin.isOwner ? first(coachName) : first(admin.firstName)) ?? admin.email;
}

/** An active newsletter subscriber as GET /api/admin/subscribers answers it, newest first. */
export interface AdminSubscriber {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** ISO 8601. */
  createdAt: string;
}

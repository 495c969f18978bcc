import { listAudit } from '#server/services/audit.ts';
import { currentSettings } from '#server/services/settings.ts';
import { AuditAdmin } from '#src/admin/audit/audit-admin.tsx';
import { ACCESS_DENIED_TITLE } from '#src/admin/shared/access-denied.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import { AUDIT_PAGE_SIZE } from '#src/schemas/audit.ts';

export default async function AdminAuditPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  // The owner's alone, like its API.
  if (!admin.isOwner) {
    setPageStatus(403);
    return <ScreenHeading title={ACCESS_DENIED_TITLE} intro="Only the owner can see the audit log." />;
  }
  return (
    <>
      <ScreenHeading
        title="Audit log"
        intro="Every sign-in, change of users, publication, deletion, settings change, subscriber export or import and privacy request, with who did it and from where. Entries are kept for a year and cannot be changed."
      />
      <AuditAdmin initialPage={await listAudit({ page: 1, pageSize: AUDIT_PAGE_SIZE }, (await currentSettings()).timeZone)} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

import { adminApi, call } from '#src/lib/api-client.ts';
import type { AuditAction } from '#src/schemas/audit.ts';

export interface AuditQuery {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
  page: number;
}

/** A page of the log; an empty filter is no filter. */
export const fetchAudit = ({ actor, action, from, to, page }: AuditQuery) =>
  call(
    adminApi.audit.$get({
      query: { actor: actor || undefined, action: action || undefined, from: from || undefined, to: to || undefined, page: String(page) },
    }),
  );

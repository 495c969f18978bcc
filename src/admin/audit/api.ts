import { api } from '../../lib/api-client.ts';
import type { AuditAction, AuditPage } from '../../schemas/audit.ts';

export interface AuditQuery {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
  page: number;
}

export function fetchAudit(query: AuditQuery): Promise<AuditPage> {
  const params = new URLSearchParams({ page: String(query.page) });
  for (const key of ['actor', 'action', 'from', 'to'] as const) if (query[key]) params.set(key, query[key]);
  return api.get<AuditPage>(`/api/admin/audit?${params}`);
}

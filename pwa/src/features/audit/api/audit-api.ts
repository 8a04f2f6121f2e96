import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditPage } from '@shared/contracts/audit.js';
import { apiFetch } from '@/lib/api.js';

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actor?: string;
  from?: string;
  to?: string;
  page: number;
}

/** GET /api/admin/audit: newest first, 50 a page (SuperAdmin, Manager). */
export const getAudit = (filter: AuditFilter, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/admin/audit', { params: { ...filter }, schema: AuditPage, signal });

// A change made elsewhere should show when the log is opened again, so the log is never "fresh" for long.
export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({ queryKey: ['admin', 'audit', filter], queryFn: ({ signal }) => getAudit(filter, { signal }), staleTime: 0, placeholderData: keepPreviousData });

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter));
}

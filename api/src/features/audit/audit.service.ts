import type { Deps } from '../../deps.js';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '../../../../shared/contracts/audit.js';
import { addDays, lodgeDateTimeToUtc } from '../../../../shared/domain/dates.js';
import { searchAudit } from './audit.repo.js';

/** The audit log for the back office: days are the lodge's (Johannesburg) days. */
export async function listAudit(deps: Pick<Deps, 'db'>, q: AuditQuery): Promise<AuditPage> {
  const { items, total } = await searchAudit(deps.db, {
    entityType: q.entityType,
    entityId: q.entityId,
    actor: q.actor,
    fromInstant: q.from ? lodgeDateTimeToUtc(q.from, '00:00') : undefined,
    toInstant: q.to ? lodgeDateTimeToUtc(addDays(q.to, 1), '00:00') : undefined,
    limit: AUDIT_PAGE_SIZE,
    offset: (q.page - 1) * AUDIT_PAGE_SIZE,
  });
  return { items, page: q.page, pageSize: AUDIT_PAGE_SIZE, total };
}

import { z } from 'zod';
import { endNotBeforeStart, optionalIsoDate } from './common.js';

export const AUDIT_PAGE_SIZE = 50;

const filter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * GET /api/admin/audit: who changed what and when. from/to are lodge days (inclusive);
 * actor is a username (case-insensitive); page starts at 1, newest first.
 */
export const AuditQuery = z
  .object({
    entityType: filter(100),
    entityId: filter(100),
    actor: filter(100),
    from: optionalIsoDate(),
    to: optionalIsoDate(),
    page: z.coerce
      .number({ error: 'Page must be a whole number of at least 1' })
      .int('Page must be a whole number of at least 1')
      .min(1, 'Page must be a whole number of at least 1')
      .max(100000, 'Page must be at most 100000')
      .default(1),
  })
  .superRefine(endNotBeforeStart('from', 'to', 'The end date must be on or after the start date'));
export type AuditQuery = z.output<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actorUsername: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

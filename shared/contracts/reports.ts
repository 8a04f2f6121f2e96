import { z } from 'zod';
import { daysBetween, isValidIsoDate } from '../domain/dates.js';
import { ISO_DATE_MESSAGE } from './common.js';

/**
 * GET /api/admin/reports/summary and /series (SuperAdmin, Manager): the report figures of
 * shared/domain/reports.ts for a range of lodge dates, both ends included.
 */

/** The longest range a report takes: three years (a leap day included). */
export const MAX_REPORT_DAYS = 3 * 366;

export const REPORT_MESSAGES = {
  toBeforeFrom: 'The end date must not be before the start date',
  tooLong: 'A report covers at most 3 years',
  groupByMetric: 'Only revenue can be grouped',
} as const;

const ReportDate = z.string({ error: 'Date is required' }).refine(isValidIsoDate, ISO_DATE_MESSAGE);

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (!isValidIsoDate(value.from) || !isValidIsoDate(value.to)) return;
  const days = daysBetween(value.from, value.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
  else if (days + 1 > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
}

export const ReportSummaryQuery = z
  .object({
    from: ReportDate,
    to: ReportDate,
    compare: z.enum(['previous-year'], { error: "compare must be 'previous-year'" }).optional(),
  })
  .superRefine(checkRange);
export type ReportSummaryQuery = z.infer<typeof ReportSummaryQuery>;

export const REPORT_METRICS = ['occupancy', 'nightsSold', 'nightsAvailable', 'roomRevenue', 'extrasRevenue', 'totalRevenue', 'adr', 'revpar'] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];
/** The metrics a series may be grouped by type, channel or payment method. */
export const GROUPABLE_METRICS: readonly ReportMetric[] = ['roomRevenue', 'extrasRevenue', 'totalRevenue'];

export const ReportSeriesQuery = z
  .object({
    metric: z.enum(REPORT_METRICS, { error: `metric must be one of ${REPORT_METRICS.join(', ')}` }),
    from: ReportDate,
    to: ReportDate,
    interval: z.enum(['day', 'week', 'month'], { error: 'interval must be day, week or month' }).default('day'),
    groupBy: z.enum(['type', 'channel', 'paymentMethod'], { error: 'groupBy must be type, channel or paymentMethod' }).optional(),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    if (value.groupBy && !GROUPABLE_METRICS.includes(value.metric)) {
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message: REPORT_MESSAGES.groupByMetric });
    }
  });
export type ReportSeriesQuery = z.infer<typeof ReportSeriesQuery>;

/**
 * The figures of a range. Money in rand (2 decimals); occupancy and the cancellation rate in
 * percent (1 decimal); averages to 1 decimal. null where a figure has nothing to divide by.
 */
export const ReportFigures = z.object({
  occupancy: z.number().nullable(),
  adr: z.number().nullable(),
  revpar: z.number().nullable(),
  roomRevenue: z.number(),
  extrasRevenue: z.number(),
  totalRevenue: z.number(),
  nightsSold: z.number().int(),
  nightsAvailable: z.number().int(),
  bookings: z.number().int(),
  cancellations: z.number().int(),
  cancellationRate: z.number().nullable(),
  averageLengthOfStay: z.number().nullable(),
  averageLeadTime: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

export const ReportPeriodFigures = z.object({ from: ReportDate, to: ReportDate, figures: ReportFigures });

export const PaceMonth = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  /** Unit-nights of the month on the books now. */
  nights: z.number().int(),
  /** Unit-nights of the same month a year earlier, on the books at this point last year. */
  lastYearNights: z.number().int(),
});
export type PaceMonth = z.infer<typeof PaceMonth>;

export const NationalityCount = z.object({ nationality: z.string(), guests: z.number().int() });
export type NationalityCount = z.infer<typeof NationalityCount>;

export const ReportSummaryResponse = ReportPeriodFigures.extend({
  compare: ReportPeriodFigures.nullable(),
  /** The coming six months (this one first) against the same point last year. */
  pace: z.array(PaceMonth),
  /** Guests of the register whose stay arrived in the range, by nationality, most first. */
  nationalities: z.array(NationalityCount),
});
export type ReportSummaryResponse = z.infer<typeof ReportSummaryResponse>;

export const ReportSeriesResponse = z.object({
  metric: z.enum(REPORT_METRICS),
  interval: z.enum(['day', 'week', 'month']),
  groupBy: z.enum(['type', 'channel', 'paymentMethod']).nullable(),
  from: ReportDate,
  to: ReportDate,
  /** The periods, first and last day each, clipped to the range. */
  periods: z.array(z.object({ from: ReportDate, to: ReportDate })),
  /** One per group ('All' without groupBy): a value per period and the whole range's. */
  groups: z.array(z.object({ key: z.string(), values: z.array(z.number().nullable()), total: z.number().nullable() })),
});
export type ReportSeriesResponse = z.infer<typeof ReportSeriesResponse>;

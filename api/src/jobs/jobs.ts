import type { Deps } from '../deps.js';
import type { Mailer } from '../adapters/mailer.js';
import type { Job } from './job-runner.js';
import { sendDueEmails } from '../features/email/email.service.js';
import { documentAttachments } from '../features/invoices/invoices.service.js';
import { expireHolds } from '../features/bookings/hold-expiry.job.js';
import { reconcileCardHolds } from '../features/payments/reconcile-card-holds.js';
import { purgeExpired } from '../features/auth/auth.service.js';
import { pruneImageCache } from '../features/images/images.service.js';
import { deleteFullRateLimitBuckets } from '../http/rate-limit.js';
import { sendPaymentReminders } from '../features/guest-bookings/payment-reminders.job.js';
import { dailyRegisterPurge } from '../features/lodger-register/register-purge.job.js';
import { notifyWaitlist } from '../features/waitlist/notify-waitlist.job.js';
import { syncAllFeeds } from '../features/channels/channels.service.js';

/**
 * The product's background jobs, started by server.ts when JOBS_ENABLED. Adding one is one
 * entry here; a job that must not run on two instances at once wraps its work in runExclusive
 * (db/advisory-lock.ts), e.g.
 *   { name: 'hold-expiry', intervalMs: deps.config.JOB_INTERVAL_MS, run: () => runExclusive(deps.db, 'hold-expiry', (trx) => expireHolds(trx, deps)) },
 */
export function productJobs(deps: Deps, adapters: { mailer: Mailer }): Job[] {
  return [
    // Claims rows with SKIP LOCKED and a lease, so instances share the work without a lock.
    // Invoices and credit notes go out with their PDF, rendered when sent.
    {
      name: 'email',
      intervalMs: deps.config.EMAIL_INTERVAL_MS,
      run: () => sendDueEmails(deps, adapters.mailer, { attachments: (email) => documentAttachments(deps, email.attachmentInvoiceId!) }),
    },
    // A card hold that ran out is first checked with Paystack (a payment nobody heard of is
    // recorded, once); then holds expire: an advisory lock per run, rows claimed with SKIP LOCKED.
    {
      name: 'hold-expiry',
      intervalMs: deps.config.JOB_INTERVAL_MS,
      run: async () => {
        await reconcileCardHolds(deps);
        await expireHolds(deps);
      },
    },
    // Balance reminders: one instance at a time (an advisory lock per run, inside it); each
    // reminder is claimed once in payment_reminders, so an extra run sends nothing twice.
    {
      name: 'payment-reminders',
      intervalMs: deps.config.JOB_INTERVAL_MS,
      run: async () => {
        await sendPaymentReminders(deps);
      },
    },
    // Nights freed since the last run are matched to the waitlist (an advisory lock per run;
    // each guest told once, the entry marked in the transaction that queues the e-mail).
    {
      name: 'waitlist-notify',
      intervalMs: deps.config.JOB_INTERVAL_MS,
      run: async () => {
        await notifyWaitlist(deps);
      },
    },
    // The register of lodgers past its retention is de-identified: looked at hourly, run once a
    // lodge day per process (advisory lock inside; a second run purges nothing more).
    { name: 'register-purge', intervalMs: 60 * 60 * 1000, run: dailyRegisterPurge(deps) },
    // The channels' calendars, every ICAL_POLL_MINUTES. No lock across the run (it waits on
    // the network): each feed's changes lock its row, and applying one answer twice (two
    // instances) changes nothing the second time.
    { name: 'channel-feeds', intervalMs: deps.config.ICAL_POLL_MINUTES * 60 * 1000, run: () => syncAllFeeds(deps) },
    // Expired sessions and old login attempts; deleting twice is harmless, so no lock.
    { name: 'auth-cleanup', intervalMs: 60 * 60 * 1000, run: () => purgeExpired(deps) },
    // The chat's and contact form's buckets that are full again (why a job: rate-limit.ts).
    { name: 'rate-limit-cleanup', intervalMs: 60 * 60 * 1000, run: () => deleteFullRateLimitBuckets(deps) },
    // Resized pictures nobody asked for in 30 days; removing a file twice is harmless.
    {
      name: 'image-cache-prune',
      intervalMs: 24 * 60 * 60 * 1000,
      run: async () => {
        await pruneImageCache(deps);
      },
    },
  ];
}

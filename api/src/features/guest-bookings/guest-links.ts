import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { guestLinkBase, type Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/transaction.js';
import { addDays, lodgeDateTimeToUtc, type IsoDate } from '../../../../shared/domain/dates.js';
import { GUEST_LINK_DAYS_AFTER_CHECK_OUT } from '../../../../shared/contracts/guest-bookings.js';
import * as repo from './guest-links.repo.js';

/**
 * The guest's link to their own booking: PUBLIC_URL/my-booking/<token>. The token is 32
 * random bytes (256 bits) in base64url; only its SHA-256 is stored, so a copy of the database
 * opens no booking. It stops working 60 days after check-out (midnight at the lodge). A token
 * is never logged: logs write /api/guest/bookings/<token> paths as :token (http/logged-path.ts).
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashGuestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link for the booking, recorded in the caller's transaction; answers the URL to e-mail. */
export async function issueGuestLink(
  trx: Tx,
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_ORIGIN' | 'PORT'>,
  booking: { id: string; checkOutDate: IsoDate },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = lodgeDateTimeToUtc(addDays(booking.checkOutDate, GUEST_LINK_DAYS_AFTER_CHECK_OUT), '00:00');
  await repo.insertLink(trx, { bookingId: booking.id, tokenHash: hashGuestToken(token), expiresAt });
  return guestLinkUrl(config, token);
}

export function guestLinkUrl(config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_ORIGIN' | 'PORT'>, token: string): string {
  return `${guestLinkBase(config)}/my-booking/${token}`;
}

/**
 * The booking a token opens, or undefined (malformed, unknown or expired). The look-up is by
 * the token's hash, and the stored hash is compared again in constant time, so neither the
 * index nor the comparison tells a guesser how close a token came.
 */
export async function bookingIdForToken(db: DbOrTx, token: string, now: Date): Promise<string | undefined> {
  const hash = tokenHashOf(token);
  if (!hash) return undefined;
  const link = await repo.findLiveLink(db, hash, now);
  if (!link) return undefined;
  return sameTokenHash(link.tokenHash, hash) ? link.bookingId : undefined;
}

/** The hash to look a token up by; undefined for a token that cannot be one of ours. */
export function tokenHashOf(token: string): string | undefined {
  return TOKEN_PATTERN.test(token) ? hashGuestToken(token) : undefined;
}

/** The stored hash and the presented token's, compared in constant time. */
export function sameTokenHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

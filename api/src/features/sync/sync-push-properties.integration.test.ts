import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { createTestContext, type TestClient, type TestContext } from '../../../test/harness.js';
import { SyncPushResponse, type SyncPushEntry, type SyncPushResult } from '../../../../shared/contracts/sync.js';
import { BOOKING_STATUSES } from '../../../../shared/domain/booking-status.js';
import { addDays, todayInLodge } from '../../../../shared/domain/dates.js';
import { createTypeWithUnits } from '../bookings/test-fixtures.js';
import { SYNC_PUSH_MESSAGES } from './sync-push.service.js';

/**
 * Properties of the sync push (issue 11): whatever the interleaving of entries for a few
 * bookings (duplicates, stale base versions, entries out of order, resends with other
 * content) and however they are split into batches (some sent at the same moment by two
 * tablets), no entry is applied twice and none is lost.
 */

let t: TestContext;
let tablets: TestClient[];
beforeAll(async () => {
  t = await createTestContext();
  tablets = [await t.loginAs('receptionist'), await t.loginAs('manager')];
});
afterAll(() => t?.close());

const BOOKINGS = 3;

/** What a person did at the desk, before it becomes an entry. */
interface Intent {
  booking: number;
  kind: 'status' | 'payment' | 'requests';
  status: (typeof BOOKING_STATUSES)[number];
  method: 'Cash' | 'EFT' | 'Card';
  /** The special requests the tablet believed were there: an earlier intent's text, or none. */
  previous: number;
  baseVersion: number;
}

const intentArb: fc.Arbitrary<Intent> = fc.record({
  booking: fc.integer({ min: 0, max: BOOKINGS - 1 }),
  kind: fc.constantFrom('status', 'status', 'status', 'payment', 'requests'),
  status: fc.constantFrom(...BOOKING_STATUSES),
  method: fc.constantFrom('Cash', 'EFT', 'Card'),
  previous: fc.integer({ min: -1, max: 20 }),
  // Often stale: the version the tablet read before other changes reached the server.
  baseVersion: fc.integer({ min: 1, max: 5 }),
});

interface Scenario {
  intents: Intent[];
  /** Indexes into intents, in the order sent: each at least once, some again. */
  sends: number[];
  /** Cut the sends into a new batch after this position. */
  cuts: boolean[];
  /** This batch goes out together with the next one (two tablets at once). */
  together: boolean[];
  /** A resend carries other args (a duplicate is a duplicate whatever it now says). */
  altered: boolean[];
  /** Which tablet (Receptionist or Manager) sends each batch. */
  tablet: number[];
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .array(intentArb, { minLength: 1, maxLength: 14 })
  .chain((intents) =>
    fc
      .array(fc.nat({ max: intents.length - 1 }), { maxLength: 8 })
      .chain((again) => {
        const all = [...intents.keys(), ...again];
        const n = all.length;
        return fc.record({
          intents: fc.constant(intents),
          sends: fc.shuffledSubarray(all, { minLength: n, maxLength: n }),
          cuts: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
          together: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
          altered: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
          tablet: fc.array(fc.nat({ max: 1 }), { minLength: n, maxLength: n }),
        });
      }),
  );

let dayOffset = 30;
/** Fresh Provisional EFT bookings, one per unit, version 1. */
async function freshBookings(): Promise<string[]> {
  const { unitIds, typeId } = await createTypeWithUnits(t.db, { units: BOOKINGS });
  const [guest] = await t.db('guests').insert({ first_name: 'Prop', last_name: 'Guest', email: `prop-${typeId}@example.com` }).returning('id');
  const checkIn = addDays(todayInLodge(t.clock.now()), dayOffset++);
  const rows = unitIds.map((unitId, i) => ({
    id: randomUUID(),
    reference: `PROP-${typeId.slice(0, 8)}-${i}`,
    unit_id: unitId,
    accommodation_type_id: typeId,
    guest_id: guest.id,
    guest_name: 'Prop Guest',
    guest_email: `prop-${typeId}@example.com`,
    check_in_date: checkIn,
    check_out_date: addDays(checkIn, 2),
    number_of_guests: 2,
    status: 'Provisional',
    total_amount: '2000.00',
    payment_method: 'EFT',
    source: 'staff',
  }));
  await t.db('bookings').insert(rows);
  return rows.map((r) => r.id);
}

function toEntries(s: Scenario, bookingIds: string[]): SyncPushEntry[] {
  // Every text is new, so a special-requests entry that applies always changes the row.
  const texts = s.intents.map(() => `Request ${randomUUID().slice(0, 8)}`);
  return s.intents.map((it, i) => {
    const base = { id: randomUUID(), seq: i + 1, entityId: bookingIds[it.booking], baseVersion: it.baseVersion, schemaVersion: 1 };
    if (it.kind === 'payment') return { ...base, op: 'booking.paymentReceived', args: { method: it.method } };
    if (it.kind === 'requests') {
      return { ...base, op: 'booking.setSpecialRequests', args: { specialRequests: texts[i], previous: it.previous >= 0 ? (texts[it.previous] ?? null) : null } };
    }
    return { ...base, op: 'booking.setStatus', args: { status: it.status, ...(it.status === 'Cancelled' ? { cancellationReason: 'Guest called' } : {}) } };
  });
}

/** The sends cut into batches, and the batches into waves sent at the same moment. */
function waves(s: Scenario, entries: SyncPushEntry[]): { tablet: number; batch: SyncPushEntry[] }[][] {
  const batches: { tablet: number; batch: SyncPushEntry[] }[] = [];
  let current: SyncPushEntry[] = [];
  s.sends.forEach((index, pos) => {
    const e = entries[index];
    const seenBefore = s.sends.slice(0, pos).includes(index);
    current.push(seenBefore && s.altered[pos] ? { ...e, op: 'booking.setStatus', args: { status: 'Cancelled', cancellationReason: 'Resent' } } : e);
    if (s.cuts[pos] || pos === s.sends.length - 1) {
      batches.push({ tablet: s.tablet[batches.length], batch: current });
      current = [];
    }
  });
  const out: (typeof batches)[] = [];
  for (let i = 0; i < batches.length; i++) {
    if (s.together[i] && i + 1 < batches.length) out.push([batches[i], batches[++i]]);
    else out.push([batches[i]]);
  }
  return out;
}

async function push(tablet: TestClient, entries: SyncPushEntry[]): Promise<SyncPushResult[]> {
  const res = await tablet.post('/api/sync/push', { deviceId: `prop-${randomUUID()}`, entries });
  expect(res.status).toBe(200);
  const { results } = SyncPushResponse.parse(res.body);
  expect(results.map((r) => r.id)).toEqual(entries.map((e) => e.id));
  return results;
}

interface Stored {
  id: string;
  entity_id: string;
  outcome: 'applied' | 'conflict' | 'rejected';
  result: { record?: { version: number }; note?: string; reason?: string };
}

/** The answer a first sight of the entry gives, as stored. */
const asAnswered = (s: Stored) => ({ outcome: s.outcome, record: s.result.record, note: s.result.note, reason: s.result.reason });
const asDuplicate = (s: Stored) => ({ outcome: 'duplicate', storedOutcome: s.outcome, record: s.result.record, note: s.result.note, reason: s.result.reason });
const answerOf = (r: SyncPushResult) => ({ outcome: r.outcome, storedOutcome: r.storedOutcome, record: r.record, note: r.note, reason: r.reason });

async function versionsAndAudits(bookingIds: string[]) {
  const rows: { id: string; version: number }[] = await t.db('bookings').whereIn('id', bookingIds).select('id', 'version');
  const audits: { entity_id: string; n: number }[] = await t
    .db('audit_log')
    .whereIn('entity_id', bookingIds)
    .where({ action: 'booking.update' })
    .groupBy('entity_id')
    .select('entity_id', t.db.raw('count(*)::int AS n'));
  return bookingIds.map((id) => ({
    id,
    version: rows.find((r) => r.id === id)!.version,
    audits: audits.find((a) => a.entity_id === id)?.n ?? 0,
  }));
}

describe('sync push properties', () => {
  it('random interleavings of duplicate, stale and reordered entries in random batches: each entry applied at most once and none lost', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const bookingIds = await freshBookings();
        const entries = toEntries(s, bookingIds);
        const answers = new Map<string, SyncPushResult[]>();
        for (const wave of waves(s, entries)) {
          const results = await Promise.all(wave.map(({ tablet, batch }) => push(tablets[tablet], batch)));
          for (const r of results.flat()) answers.set(r.id, [...(answers.get(r.id) ?? []), r]);
        }

        // Nothing lost: every entry has exactly one stored outcome, and none failed on the server.
        const stored: Stored[] = await t.db('client_mutations').whereIn('id', entries.map((e) => e.id)).select('id', 'entity_id', 'outcome', 'result');
        expect(stored.map((m) => m.id).sort()).toEqual(entries.map((e) => e.id).sort());
        for (const r of [...answers.values()].flat()) expect(r.reason).not.toBe(SYNC_PUSH_MESSAGES.serverError);

        // Applied once: of all the answers an entry got, exactly one is not 'duplicate', and it
        // is what was stored; every other one is 'duplicate' with the stored outcome.
        for (const m of stored) {
          const got = answers.get(m.id)!;
          const firsts = got.filter((r) => r.outcome !== 'duplicate');
          expect(firsts).toHaveLength(1);
          expect(JSON.parse(JSON.stringify(answerOf(firsts[0])))).toEqual(JSON.parse(JSON.stringify({ ...asAnswered(m), storedOutcome: undefined })));
          for (const d of got.filter((r) => r.outcome === 'duplicate')) {
            expect(JSON.parse(JSON.stringify(answerOf(d)))).toEqual(JSON.parse(JSON.stringify(asDuplicate(m))));
          }
        }

        // Each booking changed once per applied entry (an applied entry that found the change
        // already made says so in a note and changes nothing): version 1 + that many, and one
        // audit row per change.
        const before = await versionsAndAudits(bookingIds);
        for (const b of before) {
          const changes = stored.filter((m) => m.entity_id === b.id && m.outcome === 'applied' && !m.result.note).length;
          expect(b.version).toBe(1 + changes);
          expect(b.audits).toBe(changes);
        }

        // Everything sent again, in one batch and backwards: all duplicates with the stored outcome, nothing changes.
        const again = await push(tablets[0], [...entries].reverse());
        for (const r of again) expect(JSON.parse(JSON.stringify(answerOf(r)))).toEqual(JSON.parse(JSON.stringify(asDuplicate(stored.find((m) => m.id === r.id)!))));
        expect(await versionsAndAudits(bookingIds)).toEqual(before);
        const count = await t.db('client_mutations').whereIn('id', entries.map((e) => e.id)).count<{ c: number }[]>('* as c').first();
        expect(Number(count?.c)).toBe(entries.length);
      }),
      { numRuns: 25 },
    );
  });
});

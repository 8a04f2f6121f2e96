import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startSmtpDouble, type SmtpDouble } from '../../../../e2e/doubles/smtp-double.js';
import { createMailer, type Mailer } from '../../adapters/mailer.js';
import { sendDueEmails } from '../email/email.service.js';
import { expireHolds } from './hold-expiry.job.js';
import { createPackage, createTypeWithUnits, guestData, stay } from './test-fixtures.js';

const HOUR = 3_600_000;

let t: TestContext;
let smtp: SmtpDouble;
let mailer: Mailer;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T08:00:00Z' });
  smtp = await startSmtpDouble();
  mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: undefined, dataDir: '/nonexistent' });
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await t?.close();
});

const book = (body: Record<string, unknown>) =>
  t.client().post('/api/bookings', { paymentMethod: 'EFT', guestData: guestData('hold'), ...body });

describe('hold expiry', () => {
  it('cancels an unpaid EFT booking once its hold has run out, frees the unit and e-mails the guest', async () => {
    const { typeId, unitIds } = await createTypeWithUnits(t.db, { units: 1 });
    const dates = stay(t.clock.now(), 20, 2);
    const res = await book({ unitId: unitIds[0], checkInDate: dates.checkIn, checkOutDate: dates.checkOut });
    expect(res.status).toBe(201);
    const id = res.body.id;
    // The "booking received" mail is not what this test is about.
    await t.db('email_outbox').where({ booking_id: id }).update({ status: 'sent' });

    // One minute before the hold ends nothing happens.
    t.clock.advance(48 * HOUR - 60_000);
    await expireHolds(t.deps);
    expect((await t.db('bookings').where({ id }).first()).status).toBe('Provisional');

    t.clock.advance(2 * 60_000);
    await expireHolds(t.deps);
    const row = await t.db('bookings').where({ id }).first();
    expect(row.status).toBe('Cancelled');
    expect(row.cancellation_reason).toBe('Payment not received before the hold expired');
    expect(row.cancelled_at).not.toBeNull();

    const audit = await t.db('audit_log').where({ entity_type: 'booking', entity_id: id, action: 'booking.hold_expired' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_username).toBe('system');

    // A second run (or a second instance) changes nothing and queues no second mail.
    await expireHolds(t.deps);
    expect(await t.db('email_outbox').where({ dedupe_key: `hold-expired:${id}` })).toHaveLength(1);

    await sendDueEmails(t.deps, mailer);
    const mail = await smtp.waitFor((m) => m.subject === `Booking ${res.body.reference} cancelled: payment not received`, 20_000);
    expect(mail.to).toEqual(['thandi.guesthold@example.com']);
    expect(mail.text).toContain('before the hold expired');

    const avail = await t.client().post('/api/availability', { checkIn: dates.checkIn, checkOut: dates.checkOut, accommodationTypeId: typeId });
    expect(avail.body).toMatchObject({ available: true, availableUnits: 1 });
  });

  it('leaves paid and confirmed bookings alone, and cancels an entire-lodge parent with its children', async () => {
    const a = await createTypeWithUnits(t.db, { units: 2 });
    const packageTypeId = await createPackage(t.db, [a.typeId]);
    const dates = stay(t.clock.now(), 30, 2);
    const lodge = await book({ packageTypeId, checkInDate: dates.checkIn, checkOutDate: dates.checkOut });
    expect(lodge.status).toBe(201);
    const other = await createTypeWithUnits(t.db, { units: 1 });
    const paid = await book({ unitId: other.unitIds[0], checkInDate: dates.checkIn, checkOutDate: dates.checkOut });
    await t.db('bookings').where({ id: paid.body.id }).update({ payment_status: 'Paid', status: 'Confirmed', payment_verified: true });

    t.clock.advance(49 * HOUR);
    await expireHolds(t.deps);
    const statuses = await t.db('bookings').where({ parent_booking_id: lodge.body.id }).orWhere({ id: lodge.body.id }).pluck('status');
    expect(statuses).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
    expect((await t.db('bookings').where({ id: paid.body.id }).first()).status).toBe('Confirmed');
    // Children are not mailed separately: the parent's mail covers the party.
    expect(await t.db('email_outbox').where({ template: 'hold-expired' }).whereIn('booking_id', await t.db('bookings').where({ parent_booking_id: lodge.body.id }).pluck('id'))).toHaveLength(0);
    expect(await t.db('email_outbox').where({ dedupe_key: `hold-expired:${lodge.body.id}` })).toHaveLength(1);
  });

  it('two runs at once expire each hold exactly once', async () => {
    const { unitIds } = await createTypeWithUnits(t.db, { units: 3 });
    const dates = stay(t.clock.now(), 40, 2);
    const ids: string[] = [];
    for (const unitId of unitIds) {
      ids.push((await book({ unitId, checkInDate: dates.checkIn, checkOutDate: dates.checkOut })).body.id);
    }
    t.clock.advance(49 * HOUR);
    const [r1, r2] = await Promise.all([expireHolds(t.deps), expireHolds(t.deps)]);
    expect(r1.expired + r2.expired).toBe(3);
    expect(await t.db('audit_log').where({ action: 'booking.hold_expired' }).whereIn('entity_id', ids)).toHaveLength(3);
    expect(await t.db('email_outbox').where({ template: 'hold-expired' }).whereIn('booking_id', ids)).toHaveLength(3);
  });
});

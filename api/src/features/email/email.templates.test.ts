import { describe, expect, it } from 'vitest';
import { escapeHtml } from './email.format.js';
import {
  bookingCancelled,
  bookingReceivedCard,
  bookingReceivedEft,
  holdExpired,
  paymentConfirmed,
  refundIssued,
  roomMoved,
  type BookingForEmail,
  type LodgeDetails,
} from './email.templates.js';

const lodge: LodgeDetails = {
  lodgeName: 'Marula & Sons <Private> Lodge',
  contactEmail: 'stay@marula.example',
  contactPhone: '+27 15 000 0000',
  address: 'Klaserie, Limpopo',
};
const booking: BookingForEmail = {
  reference: 'BK-7Q2X9',
  guestName: 'Thandi <script>alert(1)</script> & Co',
  accommodationName: 'Tree House "Nyala"',
  checkInDate: '2026-12-24',
  checkOutDate: '2026-12-27',
  numberOfGuests: 2,
  totalCents: 1_245_050,
};
const bank = { bankName: 'FNB', accountHolder: 'Marula Lodge (Pty) Ltd', accountNumber: '62812345678', branchCode: '250655' };

describe('formatting', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });
});

describe('booking received (EFT)', () => {
  const mail = bookingReceivedEft({ lodge, bank, booking, holdExpiresAt: new Date('2026-11-25T12:30:00Z') });

  it('gives banking details, the reference to pay with, the amount and the deadline in SAST', () => {
    expect(mail.template).toBe('booking-received-eft');
    expect(mail.subject).toBe('Booking BK-7Q2X9: payment details');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('FNB');
      expect(part).toContain('62812345678');
      expect(part).toContain('250655');
      expect(part).toContain('R12,450.50');
      expect(part).toContain('25 Nov 2026, 14:30 SAST');
      expect(part).toContain('BK-7Q2X9');
    }
    expect(mail.text).toMatch(/Account holder: +Marula Lodge \(Pty\) Ltd/);
    expect(mail.text).toMatch(/Payment reference: +BK-7Q2X9/);
    expect(mail.text).toContain('using BK-7Q2X9 as the payment reference');
    expect(mail.text).toMatch(/Check-in: +Thu 24 Dec 2026/);
    expect(mail.text).toMatch(/Nights: +3/);
  });

  it('escapes what guests and staff typed in the HTML part, and keeps it as typed in the text part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Dear Thandi &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co,');
    expect(mail.html).toContain('Marula &amp; Sons &lt;Private&gt; Lodge');
    expect(mail.html).toContain('Tree House &quot;Nyala&quot;');
    expect(mail.text).toContain('Dear Thandi <script>alert(1)</script> & Co,');
  });

  it('uses an amount due other than the total when given, and says to ask when no bank details are set', () => {
    const partial = bookingReceivedEft({
      lodge,
      bank: { bankName: null, accountHolder: null, accountNumber: null, branchCode: null },
      booking,
      amountDueCents: 100000,
      holdExpiresAt: new Date('2026-11-25T12:30:00Z'),
    });
    expect(partial.text).toContain('please pay R1,000 by EFT');
    expect(partial.text).toContain('Please contact us for our banking details.');
    expect(partial.text).not.toContain('Banking details\n');
  });
});

describe('other templates', () => {
  it('card booking received names the hold time', () => {
    const m = bookingReceivedCard({ lodge, booking, holdExpiresAt: new Date('2026-11-23T08:45:00Z') });
    expect(m.text).toContain('until 23 Nov 2026, 10:45 SAST');
  });

  it('payment confirmed states amount and method', () => {
    const m = paymentConfirmed({ lodge, booking, amountPaidCents: 1_245_050, method: 'Card' });
    expect(m.subject).toBe('Booking BK-7Q2X9 confirmed');
    expect(m.text).toContain('We have received your card payment of R12,450.50. Your booking BK-7Q2X9 is confirmed.');
  });

  it('hold expired explains the cancellation', () => {
    const m = holdExpired({ lodge, booking, method: 'EFT' });
    expect(m.template).toBe('hold-expired');
    expect(m.text).toContain('We did not receive payment for booking BK-7Q2X9 before the hold expired');
  });

  it('booking cancelled includes the reason, escaped in HTML', () => {
    const m = bookingCancelled({ lodge, booking, reason: 'Guest asked <by phone>' });
    expect(m.text).toContain('Reason: Guest asked <by phone>');
    expect(m.html).toContain('Reason: Guest asked &lt;by phone&gt;');
    expect(bookingCancelled({ lodge, booking }).text).not.toContain('Reason:');
  });

  it('room moved names the rooms and their dates, and the total only when a reprice changed it', () => {
    const split = roomMoved({
      lodge,
      booking: { ...booking, totalCents: 1_300_000 },
      segments: [
        { unitName: 'Tree House "Nyala"', checkInDate: '2026-12-24', checkOutDate: '2026-12-25' },
        { unitName: 'Chalet <2>', checkInDate: '2026-12-25', checkOutDate: '2026-12-27' },
      ],
      previousTotalCents: 1_245_050,
    });
    expect(split.template).toBe('room-moved');
    expect(split.subject).toBe('Booking BK-7Q2X9: your room has changed');
    expect(split.text).toContain('We have moved your booking BK-7Q2X9 to another room.');
    expect(split.text).toContain('Your stay is now in these rooms:');
    expect(split.text).toContain('Chalet <2>:');
    expect(split.text).toContain('The total changed from R12,450.50 to R13,000.');
    expect(split.html).toContain('Chalet &lt;2&gt;');
    const whole = roomMoved({ lodge, booking, segments: [{ unitName: 'Chalet 2', checkInDate: '2026-12-24', checkOutDate: '2026-12-27' }] });
    expect(whole.text).toContain('Your stay is now in Chalet 2.');
    expect(whole.text).not.toContain('The total changed');
  });

  it('refund issued says full or partial and the amount', () => {
    const part = refundIssued({ lodge, booking, amountCents: 50000, full: false, method: 'Card' });
    expect(part.text).toContain('We have issued a partial refund of R500 for booking BK-7Q2X9.');
    expect(part.text).toContain('back to the card you paid with');
    const full = refundIssued({ lodge, booking, amountCents: 1_245_050, full: true, method: 'EFT' });
    expect(full.text).toContain('full refund of R12,450.50');
    expect(full.html).toContain('R12,450.50 (full refund)');
  });

  it("the confirmation tells the guest the lodge's check-in and check-out times", () => {
    const m = paymentConfirmed({ lodge: { ...lodge, checkInTime: '15:30', checkOutTime: '09:45' }, booking, amountPaidCents: 1, method: 'EFT' });
    expect(m.text).toContain('Check-in is from 15:30 on your arrival day; check-out is by 09:45 on your departure day.');
    expect(paymentConfirmed({ lodge, booking, amountPaidCents: 1, method: 'EFT' }).text).not.toContain('Check-in is from');
  });

  it('signs every message with the lodge and its contact details', () => {
    const m = paymentConfirmed({ lodge, booking, amountPaidCents: 1, method: 'EFT' });
    expect(m.text).toContain('Kind regards,\nMarula & Sons <Private> Lodge');
    expect(m.text).toContain('+27 15 000 0000 | stay@marula.example');
    expect(m.html).toContain('Klaserie, Limpopo');
  });
});

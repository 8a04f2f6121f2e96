import { nightCount } from '../../../../shared/domain/dates.js';
import { centsToRand } from '../../../../shared/domain/money.js';
import { formatLodgeDateTimeSast, formatRand, formatStayDate } from '../../../../shared/format.js';
import { escapeHtml } from './email.format.js';

/**
 * Every e-mail the lodge sends, as plain text and HTML built from the same lines so the two
 * never say different things. Amounts arrive as integer cents, moments as Date (shown in the
 * lodge's time), stay dates as 'YYYY-MM-DD'. Everything a guest or staff member typed is
 * escaped in the HTML part.
 */

export type EmailTemplateName =
  | 'booking-received-eft'
  | 'booking-received-card'
  | 'payment-confirmed'
  | 'hold-expired'
  | 'booking-cancelled'
  | 'refund-issued'
  | 'invoice-issued'
  | 'credit-note-issued'
  | 'contact-enquiry'
  | 'guest-booking-link'
  | 'balance-reminder'
  | 'waitlist-opening'
  | 'room-moved';

export interface RenderedEmail {
  template: EmailTemplateName;
  subject: string;
  text: string;
  html: string;
}

export interface LodgeDetails {
  lodgeName: string;
  contactEmail?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  /** 'HH:MM': when given, a confirmation tells the guest when to arrive and leave. */
  checkInTime?: string;
  checkOutTime?: string;
}

export interface BankingDetails {
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  branchCode: string | null;
}

export interface BookingForEmail {
  reference: string;
  guestName: string;
  /** What was booked: a unit's or accommodation type's name, or 'Entire lodge'. */
  accommodationName: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  totalCents: number;
  /**
   * The guest's own page (PUBLIC_URL/my-booking/<token>): every confirmation carries a fresh
   * one, so the guest can pay the balance, send proof of an EFT or cancel without calling.
   */
  manageUrl?: string;
}

export type PaymentMethodForEmail = 'Card' | 'EFT' | 'Cash';

/** One block of an e-mail: a paragraph, or label/value rows (booking summary, bank details). */
type Block = { kind: 'p'; text: string; strong?: boolean; link?: string } | { kind: 'rows'; title?: string; rows: [string, string][] };

const p = (text: string, strong = false): Block => ({ kind: 'p', text, strong });
const rows = (title: string | undefined, r: [string, string][]): Block => ({ kind: 'rows', title, rows: r });

/**
 * "Manage your booking: <url>", the URL a link in the HTML part. Only addresses the server
 * made become links: text a guest or staff member typed is never turned into one.
 */
function linkLine(label: string, url: string, strong = false): Block {
  return { kind: 'p', text: `${label}: ${url}`, strong, link: url };
}

/** The line a confirmation ends with when the guest has a link to their booking. */
function manageLink(b: BookingForEmail): Block[] {
  return b.manageUrl ? [linkLine('Manage your booking', b.manageUrl)] : [];
}

/** Amounts arrive as integer cents and read as on every screen. */
const formatCents = (cents: number) => formatRand(centsToRand(cents));

function bookingRows(b: BookingForEmail): Block {
  const nights = nightCount(b.checkInDate, b.checkOutDate);
  return rows('Your booking', [
    ['Booking reference', b.reference],
    ['Accommodation', b.accommodationName],
    ['Check-in', formatStayDate(b.checkInDate)],
    ['Check-out', formatStayDate(b.checkOutDate)],
    ['Nights', String(nights)],
    ['Guests', String(b.numberOfGuests)],
    ['Total', formatCents(b.totalCents)],
  ]);
}

function render(template: EmailTemplateName, lodge: LodgeDetails, subject: string, greetingName: string, blocks: Block[]): RenderedEmail {
  const contact = [lodge.contactPhone, lodge.contactEmail].filter((v): v is string => Boolean(v && v.trim()));
  const signOff = [p(`Kind regards,\n${lodge.lodgeName}`)];
  const footer = [lodge.address, contact.length ? contact.join(' | ') : null].filter((v): v is string => Boolean(v && v.trim()));
  const all = [p(`Dear ${greetingName},`), ...blocks, ...signOff];

  const textParts = all.map((b) => {
    if (b.kind === 'p') return b.text;
    const width = Math.max(...b.rows.map(([k]) => k.length)) + 2;
    const lines = b.rows.map(([k, v]) => `${`${k}:`.padEnd(width)}${v}`);
    return b.title ? [b.title, '-'.repeat(b.title.length), ...lines].join('\n') : lines.join('\n');
  });
  const text = `${textParts.join('\n\n')}\n${footer.length ? `\n-- \n${footer.join('\n')}\n` : ''}`;

  const e = escapeHtml;
  const htmlBlocks = all
    .map((b) => {
      if (b.kind === 'p') {
        let inner = e(b.text).replace(/\n/g, '<br>');
        if (b.link) {
          const href = e(b.link);
          inner = inner.replace(href, () => `<a href="${href}" style="color:#5d4037">${href}</a>`);
        }
        return `<p style="margin:0 0 16px;line-height:1.5">${b.strong ? `<strong>${inner}</strong>` : inner}</p>`;
      }
      const title = b.title ? `<h2 style="font-size:16px;margin:24px 0 8px;color:#5d4037">${e(b.title)}</h2>` : '';
      const trs = b.rows
        .map(
          ([k, v]) =>
            `<tr><th align="left" style="padding:4px 16px 4px 0;font-weight:600;vertical-align:top">${e(k)}</th><td style="padding:4px 0">${e(v)}</td></tr>`,
        )
        .join('');
      return `${title}<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${trs}</table>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f1e8;font-family:Arial,Helvetica,sans-serif;color:#2e2a24">
<div style="max-width:600px;margin:0 auto;background:#ffffff">
<div style="background:#3e2723;color:#f5f1e8;padding:20px 24px;font-size:22px;font-weight:bold">${e(lodge.lodgeName)}</div>
<div style="padding:24px">
${htmlBlocks}
</div>
${footer.length ? `<div style="padding:16px 24px;background:#efe8da;font-size:12px;color:#5d5345">${footer.map(e).join('<br>')}</div>` : ''}
</div>
</body>
</html>
`;
  return { template, subject, text, html };
}

export function bookingReceivedEft(input: {
  lodge: LodgeDetails;
  bank: BankingDetails;
  booking: BookingForEmail;
  /** Defaults to the booking total. */
  amountDueCents?: number;
  /** What is left after the amount due now, and by when (a deposit booking). */
  balance?: { cents: number; dueDate: string };
  holdExpiresAt: Date;
}): RenderedEmail {
  const { lodge, bank, booking } = input;
  const amount = formatCents(input.amountDueCents ?? booking.totalCents);
  const balanceLine = input.balance && input.balance.cents > 0 ? [p(`Balance of ${formatCents(input.balance.cents)} due by ${formatStayDate(input.balance.dueDate)}.`)] : [];
  const deadline = formatLodgeDateTimeSast(input.holdExpiresAt);
  const bankRows: [string, string][] = [
    ['Bank', bank.bankName],
    ['Account holder', bank.accountHolder],
    ['Account number', bank.accountNumber],
    ['Branch code', bank.branchCode],
  ].filter((r): r is [string, string] => Boolean(r[1] && r[1].trim()));
  const blocks: Block[] = [
    p(`Thank you for booking with ${lodge.lodgeName}. Your booking ${booking.reference} is provisionally held for you until ${deadline}.`),
    p(
      `To confirm it, please pay ${input.balance && input.balance.cents > 0 ? `the deposit of ${amount}` : amount} by EFT before then, using ${booking.reference} as the payment reference.`,
      true,
    ),
    ...balanceLine,
    bankRows.length
      ? rows('Banking details', [...bankRows, ['Payment reference', booking.reference], ['Amount', amount]])
      : p('Please contact us for our banking details.'),
    p(`If we have not received your payment by ${deadline}, the booking is cancelled automatically and the dates are released.`),
    bookingRows(booking),
    p('We will e-mail you as soon as your payment has been received.'),
    ...manageLink(booking),
  ];
  return render('booking-received-eft', lodge, `Booking ${booking.reference}: payment details`, booking.guestName, blocks);
}

export function bookingReceivedCard(input: { lodge: LodgeDetails; booking: BookingForEmail; holdExpiresAt: Date }): RenderedEmail {
  const { lodge, booking } = input;
  const deadline = formatLodgeDateTimeSast(input.holdExpiresAt);
  const blocks: Block[] = [
    p(`Thank you for booking with ${lodge.lodgeName}. Your booking ${booking.reference} is held for you until ${deadline} while your card payment completes.`),
    p('You will receive a confirmation as soon as the payment succeeds. If the payment is not completed by then, the booking is released.'),
    bookingRows(booking),
    ...manageLink(booking),
  ];
  return render('booking-received-card', lodge, `Booking ${booking.reference} received`, booking.guestName, blocks);
}

export function paymentConfirmed(input: {
  lodge: LodgeDetails;
  booking: BookingForEmail;
  amountPaidCents: number;
  method: PaymentMethodForEmail;
}): RenderedEmail {
  const { lodge, booking } = input;
  const how = input.method === 'Card' ? 'card payment' : input.method === 'EFT' ? 'EFT payment' : 'cash payment';
  const blocks: Block[] = [
    p(`We have received your ${how} of ${formatCents(input.amountPaidCents)}. Your booking ${booking.reference} is confirmed.`, true),
    bookingRows(booking),
    ...(lodge.checkInTime && lodge.checkOutTime
      ? [p(`Check-in is from ${lodge.checkInTime} on your arrival day; check-out is by ${lodge.checkOutTime} on your departure day.`)]
      : []),
    p(`We look forward to welcoming you to ${lodge.lodgeName}.`),
    ...manageLink(booking),
  ];
  return render('payment-confirmed', lodge, `Booking ${booking.reference} confirmed`, booking.guestName, blocks);
}

export function holdExpired(input: { lodge: LodgeDetails; booking: BookingForEmail; method: PaymentMethodForEmail }): RenderedEmail {
  const { lodge, booking } = input;
  const blocks: Block[] = [
    p(
      input.method === 'Card'
        ? `Your card payment for booking ${booking.reference} was not completed in time, so the booking has been cancelled and the dates released.`
        : `We did not receive payment for booking ${booking.reference} before the hold expired, so the booking has been cancelled and the dates released.`,
      true,
    ),
    bookingRows(booking),
    p('If you have already paid, or would still like to stay with us, please contact us and we will gladly help.'),
  ];
  return render('hold-expired', lodge, `Booking ${booking.reference} cancelled: payment not received`, booking.guestName, blocks);
}

export function bookingCancelled(input: { lodge: LodgeDetails; booking: BookingForEmail; reason?: string | null }): RenderedEmail {
  const { lodge, booking } = input;
  const blocks: Block[] = [
    p(`Your booking ${booking.reference} has been cancelled.`, true),
    ...(input.reason && input.reason.trim() ? [p(`Reason: ${input.reason.trim()}`)] : []),
    bookingRows(booking),
    p('If you did not expect this, please contact us.'),
  ];
  return render('booking-cancelled', lodge, `Booking ${booking.reference} cancelled`, booking.guestName, blocks);
}

/**
 * A room move (docs/design.md, The desk's day: room moves): where the guest stays now, night
 * range by night range, and the total when the move repriced the stay.
 */
export function roomMoved(input: {
  lodge: LodgeDetails;
  booking: BookingForEmail;
  /** The units in stay order: from checkInDate to checkOutDate (the first night to the morning after the last). */
  segments: { unitName: string; checkInDate: string; checkOutDate: string }[];
  /** Set when the move changed the total: the total before. */
  previousTotalCents?: number;
}): RenderedEmail {
  const { lodge, booking } = input;
  const where =
    input.segments.length === 1
      ? [p(`Your stay is now in ${input.segments[0].unitName}.`)]
      : [
          p('Your stay is now in these rooms:'),
          rows(
            undefined,
            input.segments.map((s) => [s.unitName, `${formatStayDate(s.checkInDate)} to ${formatStayDate(s.checkOutDate)}`]),
          ),
        ];
  const blocks: Block[] = [
    p(`We have moved your booking ${booking.reference} to another room.`, true),
    ...where,
    ...(input.previousTotalCents !== undefined && input.previousTotalCents !== booking.totalCents
      ? [p(`The total changed from ${formatCents(input.previousTotalCents)} to ${formatCents(booking.totalCents)}.`)]
      : []),
    bookingRows(booking),
    p('If you have any questions, please contact us.'),
  ];
  return render('room-moved', lodge, `Booking ${booking.reference}: your room has changed`, booking.guestName, blocks);
}

export function refundIssued(input: {
  lodge: LodgeDetails;
  booking: BookingForEmail;
  amountCents: number;
  /** True when everything paid has been refunded. */
  full: boolean;
  method: PaymentMethodForEmail;
}): RenderedEmail {
  const { lodge, booking } = input;
  const amount = formatCents(input.amountCents);
  const kind = input.full ? 'full refund' : 'partial refund';
  const blocks: Block[] = [
    p(`We have issued a ${kind} of ${amount} for booking ${booking.reference}.`, true),
    p(
      input.method === 'Card'
        ? 'The refund goes back to the card you paid with. Depending on your bank it can take 5 to 10 working days to appear on your statement.'
        : 'The refund is paid to you directly; please contact us if you have not received it within 5 working days.',
    ),
    rows('Refund', [
      ['Booking reference', booking.reference],
      ['Refund', `${amount} (${kind})`],
      ['Booking total', formatCents(booking.totalCents)],
    ]),
  ];
  return render('refund-issued', lodge, `Refund for booking ${booking.reference}`, booking.guestName, blocks);
}

/** An invoice or credit note, sent with its PDF attached (the outbox renders it when sending). */
export function documentIssued(input: {
  lodge: LodgeDetails;
  guestName: string;
  kind: 'invoice' | 'credit_note';
  title: string;
  number: string;
  bookingReference: string;
  totalCents: number;
}): RenderedEmail {
  const { lodge } = input;
  const credit = input.kind === 'credit_note';
  const blocks: Block[] = [
    p(
      credit
        ? `Please find attached credit note ${input.number} for booking ${input.bookingReference}.`
        : `Please find attached invoice ${input.number} for booking ${input.bookingReference}.`,
      true,
    ),
    rows(input.title, [
      [credit ? 'Credit note number' : 'Invoice number', input.number],
      ['Booking reference', input.bookingReference],
      [credit ? 'Amount credited' : 'Total', formatCents(input.totalCents)],
    ]),
  ];
  return render(
    credit ? 'credit-note-issued' : 'invoice-issued',
    lodge,
    `${input.title} ${input.number} for booking ${input.bookingReference}`,
    input.guestName,
    blocks,
  );
}

/** A visitor's message from the contact form, to the lodge's own address. */
export function contactEnquiry(input: {
  lodge: LodgeDetails;
  enquiry: { name: string; email: string; phone: string | null; subject: string | null; message: string };
  receivedAt: Date;
}): RenderedEmail {
  const { lodge, enquiry } = input;
  const blocks: Block[] = [
    p(`${enquiry.name} sent a message through the contact form of the website.`, true),
    rows('Enquiry', [
      ['Name', enquiry.name],
      ['Email', enquiry.email],
      ['Phone', enquiry.phone ?? '-'],
      ['Subject', enquiry.subject ?? '-'],
      ['Received', formatLodgeDateTimeSast(input.receivedAt)],
    ]),
    p(enquiry.message),
    p(`Please reply to ${enquiry.email}.`),
  ];
  const subject = `Website enquiry from ${enquiry.name}${enquiry.subject ? `: ${enquiry.subject}` : ''}`;
  return render('contact-enquiry', lodge, subject, `${lodge.lodgeName} team`, blocks);
}

/** A fresh link to the guest's booking, asked for with the reference and e-mail address. */
export function guestBookingLink(input: { lodge: LodgeDetails; booking: BookingForEmail & { manageUrl: string } }): RenderedEmail {
  const { lodge, booking } = input;
  const blocks: Block[] = [
    p(`Here is the link to your booking ${booking.reference}. With it you can see your booking, pay a balance, send proof of an EFT payment or cancel.`),
    linkLine('Manage your booking', booking.manageUrl, true),
    bookingRows(booking),
    p('If you did not ask for this link, you can ignore this e-mail: the link only shows your booking.'),
  ];
  return render('guest-booking-link', lodge, `Your booking link for ${booking.reference}`, booking.guestName, blocks);
}

/** The balance is due soon (or today): how much, by when, and where to pay it. */
export function balanceReminder(input: {
  lodge: LodgeDetails;
  booking: BookingForEmail & { manageUrl: string };
  balanceCents: number;
  dueDate: string;
  /** True on the due date itself. */
  dueToday: boolean;
}): RenderedEmail {
  const { lodge, booking } = input;
  const amount = formatCents(input.balanceCents);
  const when = formatStayDate(input.dueDate);
  const blocks: Block[] = [
    p(
      input.dueToday
        ? `The balance of ${amount} for booking ${booking.reference} is due today, ${when}.`
        : `A friendly reminder: the balance of ${amount} for booking ${booking.reference} is due by ${when}.`,
      true,
    ),
    p(`You can pay it by card or send proof of an EFT payment on your booking page. Please use ${booking.reference} as the payment reference for an EFT.`),
    linkLine('Manage your booking', booking.manageUrl),
    bookingRows(booking),
    p('If you have paid already, thank you: please ignore this reminder.'),
  ];
  return render('balance-reminder', lodge, `Balance due for booking ${booking.reference}`, booking.guestName, blocks);
}

/**
 * A guest on the waitlist: nights they asked for have come free. No hold is promised (the
 * first to book them gets them), and they are told once.
 */
export function waitlistOpening(input: {
  lodge: LodgeDetails;
  entry: { name: string; accommodationName: string; checkIn: string; checkOut: string; guests: number };
  bookUrl: string;
}): RenderedEmail {
  const { lodge, entry } = input;
  const blocks: Block[] = [
    p(`Good news: ${entry.accommodationName} is free again for the dates you asked about.`, true),
    rows('Your dates', [
      ['Accommodation', entry.accommodationName],
      ['Check-in', formatStayDate(entry.checkIn)],
      ['Check-out', formatStayDate(entry.checkOut)],
      ['Nights', String(nightCount(entry.checkIn, entry.checkOut))],
      ['Guests', String(entry.guests)],
    ]),
    p('We are not holding these dates for you: the first guest to book them gets them.'),
    linkLine('Book now', input.bookUrl, true),
    p('This is the only e-mail we send about this waitlist request.'),
  ];
  return render('waitlist-opening', lodge, `${entry.accommodationName} is available for your dates`, entry.name, blocks);
}

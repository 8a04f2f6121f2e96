import { bandLabel, type ChildBand } from '@shared/domain/party-pricing.js';
import { describeCancellationPolicy, type CancellationTier } from '@shared/domain/cancellation-policy.js';
import { EARLY_DEPARTURE_CHARGE_WORDS } from '@shared/domain/early-departure.js';

/** One changed field of an audit entry: what it was and what it became ('—' for nothing). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

// Bookkeeping every write touches: listing it would bury the change people look for.
const NOISE = new Set(['version', 'updatedAt', 'updated_at']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.length ? value.join(', ') : '—';
  return JSON.stringify(value);
}

const CHECK_IN_RULE_WORDS: Record<string, string> = { warn: 'Allow with a warning', refuse: 'Refuse' };

const PRICING_MODEL_WORDS: Record<string, string> = { per_unit: 'Per unit', per_person_sharing: 'Per person sharing' };

const isBand = (v: unknown): v is ChildBand =>
  isRecord(v) && typeof v.fromAge === 'number' && typeof v.toAge === 'number' && typeof v.percentOfAdult === 'number';

const isTier = (v: unknown): v is CancellationTier => isRecord(v) && typeof v.daysBeforeArrival === 'number' && typeof v.refundPercent === 'number';

/**
 * Fields whose stored value reads badly as is: a type's pricing model (a code), its child
 * policy and the lodge's cancellation policy (lists, which would show as JSON).
 */
const FIELD_VALUES: Record<string, (value: unknown) => string | null> = {
  pricingModel: (v) => (typeof v === 'string' ? (PRICING_MODEL_WORDS[v] ?? v) : null),
  childPolicy: (v) =>
    Array.isArray(v) && v.every(isBand)
      ? v.map((band) => `${bandLabel(band)}: ${band.notAccepted ? 'not accepted' : `${band.percentOfAdult} %`}`).join('; ') || '—'
      : null,
  cancellationPolicy: (v) => (Array.isArray(v) && v.every(isTier) ? describeCancellationPolicy(v).join(' ') || '—' : null),
  registerCheckInRule: (v) => (typeof v === 'string' ? (CHECK_IN_RULE_WORDS[v] ?? v) : null),
  earlyDepartureCharge: (v) => (typeof v === 'string' ? ((EARLY_DEPARTURE_CHARGE_WORDS as Record<string, string>)[v] ?? v) : null),
};

/** Fields whose name alone does not say what they are on the settings page. */
const FIELD_LABELS: Record<string, string> = {
  registerRetentionMonths: 'Register retention (months)',
  registerCheckInRule: 'Check-in with the register incomplete',
  earlyDepartureCharge: 'Early departures',
  nightsReleased: 'Nights released',
  originalCheckOutDate: 'Check-out booked',
};

/** A field's value in words: as displayValue, with the fields FIELD_VALUES knows better. */
function fieldValue(field: string, value: unknown): string {
  return (value == null ? null : FIELD_VALUES[field]?.(value)) ?? displayValue(value);
}

/** 'paystackSecretKeyMasked' -> 'Paystack secret key masked'; 'check_in_date' -> 'Check in date'. */
export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELD_LABELS, field)) return FIELD_LABELS[field];
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  const label = words.replace(/\beft\b/g, 'EFT').replace(/\bid\b/g, 'ID').replace(/\bapi\b/g, 'API').replace(/\bpdf\b/g, 'PDF');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * The readable diff of an audit entry: for an update the fields whose value changed; for a
 * creation (no before) or a deletion (no after) every field of the record, on its side.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: 'Value', before: displayValue(before), after: displayValue(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !NOISE.has(f));
  const bothSides = isRecord(before) && isRecord(after);
  return fields
    .filter((f) => !bothSides || JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((f) => ({ field: fieldLabel(f), before: fieldValue(f, b[f]), after: fieldValue(f, a[f]) }));
}

/**
 * Actions whose generic label would read oddly. Any other action (a new one included) still
 * reads by its name, so the log never shows a blank.
 */
const ACTION_LABELS: Record<string, string> = {
  'register.entry.captured': 'Register entry captured',
  'register.entry.updated': 'Register entry updated',
  'register.idCopy.viewed': 'ID copy viewed',
  'register.signature.viewed': 'Signature viewed',
  'register.pdf.downloaded': 'Register PDF downloaded',
  'register.purged': 'Register purged after retention',
  'guest.erased': 'Guest personal data erased',
  'booking.release_nights': 'Remaining nights released (early departure)',
  'waitlist.remove': 'Removed from the waitlist',
  'booking.channel_block': "Blocked by a channel's calendar",
  'booking.channel_block_moved': "Moved by a channel's calendar",
  'booking.channel_block_cancelled': "Cancelled by a channel's calendar",
  'channel_feed.create': 'Channel feed added',
  'channel_feed.update': 'Channel feed changed',
  'channel_feed.delete': 'Channel feed removed',
  'unit.ical_export_rotated': 'Calendar export address renewed',
};

/** 'settings.update' -> 'Settings update'; 'staff.reset_password' -> 'Staff reset password'. */
export const actionLabel = (action: string) => (Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action] : fieldLabel(action.replace(/\./g, ' ')));

/** The record kinds the log names, for the filter. */
export const AUDIT_ENTITY_TYPES = [
  ['accommodation_type', 'Accommodation type'],
  ['unit', 'Unit'],
  ['booking', 'Booking'],
  ['rate_override', 'Rate override'],
  ['promo_code', 'Promo code'],
  ['special_offer', 'Special offer'],
  ['event', 'Event'],
  ['ticket_type', 'Ticket type'],
  ['settings', 'Settings'],
  ['user', 'Staff account'],
  ['register_entry', 'Register entry'],
  ['register_attachment', 'Register file (ID copy or signature)'],
  ['register', 'Register of lodgers'],
  ['guest', 'Guest'],
  ['waitlist_entry', 'Waitlist request'],
  ['channel_feed', 'Channel feed'],
] as const;

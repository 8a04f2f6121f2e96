import type { RegisterCheckInRule } from '../../../../shared/contracts/lodger-register.js';
import type { DbOrTx } from '../../db/transaction.js';
import type { EarlyDepartureCharge } from '../../../../shared/domain/early-departure.js';
import { sortedPolicy, type CancellationTier } from '../../../../shared/domain/cancellation-policy.js';
import type { Deps } from '../../deps.js';
import type { BankingDetails, LodgeDetails } from '../email/email.templates.js';
import { getSettingsRow, type SettingsRow } from './settings.repo.js';
import { decryptSecret } from './settings-crypto.js';
import type { UnbookableTypeDisplay } from '../../../../shared/contracts/settings.js';

/**
 * The lodge settings, read from the one row and mapped once. Every feature that needs a
 * setting (bookings, payments, pricing, e-mail) asks here, through the caller's transaction
 * when it has one, so a booking sees the settings its transaction sees.
 */
export interface LodgeSettings {
  lodgeName: string;
  tagline: string;
  latitude: number | null;
  longitude: number | null;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  emergencyMedicalPhone: string | null;
  emergencyPolicePhone: string | null;
  shortDescription: string | null;
  whatsappNumber: string | null;
  directions: string | null;
  /** 'HH:MM', lodge time. */
  checkInTime: string;
  /** 'HH:MM', lodge time. */
  checkOutTime: string;
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountHolder: string | null;
  /** Trimmed; null when blank. */
  paystackPublicKey: string | null;
  /** Trimmed; null when blank. */
  paystackSecretKey: string | null;
  allowEftPayments: boolean;
  allowCardPayments: boolean;
  /** Percent. */
  cardPaymentDiscount: number;
  eftHoldDurationHours: number;
  weatherApiKey: string | null;
  mapEmbedCode: string | null;
  heroBackgroundImage: string | null;
  /** The longest stay a guest may book (domain/stay-limits.ts). */
  maxStayNights: number;
  /** How many days ahead dates may be booked. */
  bookingHorizonDays: number;
  /** How the public site shows a type with no active unit. */
  unbookableTypeDisplay: UnbookableTypeDisplay;
  /** Invoices: the registered name, the physical address, VAT registration. */
  legalName: string | null;
  physicalAddress: string | null;
  vatRegistered: boolean;
  vatNumber: string | null;
  /** Percent of the accommodation after promo (TOMSA), 0 to 5. */
  tourismLevyPercent: number;
  /** Deposits: percent due at booking before the balance-due date (100: in full). */
  depositPercent: number;
  /** The balance is due this many days before check-in. */
  balanceDueDays: number;
  /** The reminder goes this many days before the due date. */
  reminderDays: number;
  /** Most days first. */
  cancellationPolicy: CancellationTier[];
  /** The register of lodgers is kept this many months after a stay (at least 24). */
  registerRetentionMonths: number;
  /** Check-in with the register incomplete: allowed with a warning, or refused. */
  registerCheckInRule: RegisterCheckInRule;
  /** Released nights of an early departure: credited on the folio ('none') or still charged ('full'). */
  earlyDepartureCharge: EarlyDepartureCharge;
  version: number;
}

const key = (v: string | null) => (v && v.trim() ? v.trim() : null);

function toLodgeSettings(s: SettingsRow): LodgeSettings {
  return {
    lodgeName: s.lodge_name,
    tagline: s.tagline,
    latitude: s.latitude == null ? null : Number(s.latitude),
    longitude: s.longitude == null ? null : Number(s.longitude),
    contactEmail: s.contact_email,
    contactPhone: s.contact_phone,
    address: s.address,
    emergencyMedicalPhone: s.emergency_medical_phone,
    emergencyPolicePhone: s.emergency_police_phone,
    shortDescription: s.short_description,
    whatsappNumber: s.whatsapp_number,
    directions: s.directions,
    checkInTime: s.check_in_time,
    checkOutTime: s.check_out_time,
    bankName: s.bank_name,
    accountNumber: s.account_number,
    branchCode: s.branch_code,
    accountHolder: s.account_holder,
    paystackPublicKey: key(s.paystack_public_key),
    // Stored encrypted (settings-crypto.ts); readers get the plain key.
    paystackSecretKey: key(decryptSecret(s.paystack_secret_key)),
    allowEftPayments: s.allow_eft_payments,
    allowCardPayments: s.allow_card_payments,
    cardPaymentDiscount: Number(s.card_payment_discount),
    eftHoldDurationHours: s.eft_hold_duration_hours,
    weatherApiKey: key(decryptSecret(s.weather_api_key)),
    mapEmbedCode: s.map_embed_code,
    heroBackgroundImage: s.hero_background_image,
    maxStayNights: s.max_stay_nights,
    bookingHorizonDays: s.booking_horizon_days,
    unbookableTypeDisplay: s.unbookable_type_display,
    legalName: s.legal_name,
    physicalAddress: s.physical_address,
    vatRegistered: s.vat_registered,
    vatNumber: s.vat_number,
    tourismLevyPercent: Number(s.tourism_levy_percent),
    depositPercent: s.deposit_percent,
    balanceDueDays: s.balance_due_days,
    reminderDays: s.reminder_days,
    // jsonb comes back parsed from pg and PGlite alike; text only from an older driver.
    cancellationPolicy: sortedPolicy(typeof s.cancellation_policy === 'string' ? JSON.parse(s.cancellation_policy) : s.cancellation_policy),
    registerRetentionMonths: s.register_retention_months,
    registerCheckInRule: s.register_check_in_rule,
    earlyDepartureCharge: s.early_departure_charge,
    version: s.version,
  };
}

/**
 * Whether a guest can pay by card right now: switched on AND Paystack's keys are set. Every
 * "by card" price and card-discount line a guest reads depends on this, not on the switch alone.
 */
export function cardPaymentsOffered(s: LodgeSettings): boolean {
  return s.allowCardPayments && Boolean(s.paystackPublicKey && s.paystackSecretKey);
}

export async function getSettings(db: DbOrTx): Promise<LodgeSettings> {
  return toLodgeSettings(await getSettingsRow(db));
}

/**
 * The settings row for the public pages (every landing page load reads it, and the manifest):
 * one read reused for SETTINGS_CACHE_MS, and callers arriving together share one query. A
 * save through this process clears it (forgetCachedSettings) so the back office sees its
 * change on the next page at once; another API instance keeps its read for at most the TTL.
 * Keyed by the database handle so test apps in one process never share an entry. Readers
 * inside a transaction (bookings, payments) use getSettings, never this.
 */
const cache = new WeakMap<object, { at: number; value: Promise<LodgeSettings> }>();

export function cachedSettings(deps: Pick<Deps, 'db' | 'config'>): Promise<LodgeSettings> {
  const now = performance.now();
  const hit = cache.get(deps.db);
  if (hit && now - hit.at < deps.config.SETTINGS_CACHE_MS) return hit.value;
  const value = getSettings(deps.db);
  cache.set(deps.db, { at: now, value });
  // A failed read is not kept: the next visitor tries again.
  value.catch(() => {
    if (cache.get(deps.db)?.value === value) cache.delete(deps.db);
  });
  return value;
}

export function forgetCachedSettings(deps: Pick<Deps, 'db'>): void {
  cache.delete(deps.db);
}

/** The lodge's name and contact details, as e-mails sign off with them. */
export function lodgeDetailsOf(s: LodgeSettings): LodgeDetails {
  return {
    lodgeName: s.lodgeName,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    address: s.address,
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
  };
}

export function bankingDetailsOf(s: LodgeSettings): BankingDetails {
  return { bankName: s.bankName, accountHolder: s.accountHolder, accountNumber: s.accountNumber, branchCode: s.branchCode };
}

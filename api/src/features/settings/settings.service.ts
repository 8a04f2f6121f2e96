import type { DbOrTx } from '../../db/transaction.js';
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
  /** How the public site shows a type with no active unit. */
  unbookableTypeDisplay: UnbookableTypeDisplay;
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
    unbookableTypeDisplay: s.unbookable_type_display,
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

/** The lodge's name and contact details, as e-mails sign off with them. */
export function lodgeDetailsOf(s: LodgeSettings): LodgeDetails {
  return { lodgeName: s.lodgeName, contactEmail: s.contactEmail, contactPhone: s.contactPhone, address: s.address };
}

export function bankingDetailsOf(s: LodgeSettings): BankingDetails {
  return { bankName: s.bankName, accountHolder: s.accountHolder, accountNumber: s.accountNumber, branchCode: s.branchCode };
}

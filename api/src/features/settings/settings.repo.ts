import type { Knex } from 'knex';
import type { EarlyDepartureCharge } from '../../../../shared/domain/early-departure.js';

type Db = Knex | Knex.Transaction;

export interface SettingsRow {
  id: number;
  lodge_name: string;
  tagline: string;
  latitude: string | null;
  longitude: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  emergency_medical_phone: string | null;
  emergency_police_phone: string | null;
  short_description: string | null;
  whatsapp_number: string | null;
  directions: string | null;
  check_in_time: string;
  check_out_time: string;
  bank_name: string | null;
  account_number: string | null;
  branch_code: string | null;
  account_holder: string | null;
  paystack_public_key: string | null;
  paystack_secret_key: string | null;
  allow_eft_payments: boolean;
  allow_card_payments: boolean;
  card_payment_discount: string;
  eft_hold_duration_hours: number;
  weather_api_key: string | null;
  map_embed_code: string | null;
  hero_background_image: string | null;
  max_stay_nights: number;
  booking_horizon_days: number;
  unbookable_type_display: 'coming-soon' | 'hidden';
  legal_name: string | null;
  physical_address: string | null;
  vat_registered: boolean;
  vat_number: string | null;
  tourism_levy_percent: string;
  deposit_percent: number;
  balance_due_days: number;
  reminder_days: number;
  cancellation_policy: { daysBeforeArrival: number; refundPercent: number }[] | string;
  register_retention_months: number;
  register_check_in_rule: 'warn' | 'refuse';
  early_departure_charge: EarlyDepartureCharge;
  version: number;
  updated_at: Date;
}

/** The single settings row (created by migration, so it always exists). */
export async function getSettingsRow(db: Db): Promise<SettingsRow> {
  const row = await db<SettingsRow>('settings').where({ id: 1 }).first();
  if (!row) throw new Error('settings row missing: migrations not run?');
  return row;
}

export async function lockSettingsRow(db: Db): Promise<SettingsRow> {
  const row = await db<SettingsRow>('settings').where({ id: 1 }).forUpdate().first();
  if (!row) throw new Error('settings row missing: migrations not run?');
  return row;
}

export type SettingsPatch = Partial<
  Pick<
    SettingsRow,
    | 'lodge_name'
    | 'tagline'
    | 'short_description'
    | 'contact_email'
    | 'contact_phone'
    | 'whatsapp_number'
    | 'address'
    | 'directions'
    | 'latitude'
    | 'longitude'
    | 'check_in_time'
    | 'check_out_time'
    | 'emergency_medical_phone'
    | 'emergency_police_phone'
    | 'bank_name'
    | 'account_number'
    | 'branch_code'
    | 'account_holder'
    | 'paystack_public_key'
    | 'paystack_secret_key'
    | 'allow_eft_payments'
    | 'allow_card_payments'
    | 'card_payment_discount'
    | 'eft_hold_duration_hours'
    | 'weather_api_key'
    | 'map_embed_code'
    | 'hero_background_image'
    | 'max_stay_nights'
    | 'booking_horizon_days'
    | 'unbookable_type_display'
    | 'legal_name'
    | 'physical_address'
    | 'vat_registered'
    | 'vat_number'
    | 'tourism_levy_percent'
    | 'deposit_percent'
    | 'balance_due_days'
    | 'reminder_days'
    | 'cancellation_policy'
    | 'register_retention_months'
    | 'register_check_in_rule'
    | 'early_departure_charge'
  >
>;

export async function updateSettingsRow(db: Db, patch: SettingsPatch): Promise<void> {
  if (Object.keys(patch).length) await db('settings').where({ id: 1 }).update(patch);
}

/** The last Test Connection (migration 20261126000600_paystack_connection_test). */
export interface PaystackTestRow {
  ok: boolean;
  tested_at: Date;
  key_fingerprint: string;
}

export async function getPaystackTest(db: Db): Promise<PaystackTestRow | undefined> {
  const row: PaystackTestRow | undefined = await db('paystack_connection_test').where({ id: 1 }).first('ok', 'tested_at', 'key_fingerprint');
  return row;
}

export async function savePaystackTest(db: Db, test: PaystackTestRow): Promise<void> {
  await db('paystack_connection_test')
    .insert({ id: 1, ...test })
    .onConflict('id')
    .merge(['ok', 'tested_at', 'key_fingerprint']);
}

export async function clearPaystackTest(db: Db): Promise<void> {
  await db('paystack_connection_test').where({ id: 1 }).delete();
}

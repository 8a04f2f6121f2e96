import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { can } from '../../../../shared/roles.js';
import { SETTINGS_MESSAGES, type AdminSettings, type PaystackStatus, type TestPaystackResponse, type UpdateSettingsRequest } from '../../../../shared/contracts/settings.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings, type LodgeSettings } from './settings.service.js';
import { clearPaystackTest, getPaystackTest, lockSettingsRow, savePaystackTest, updateSettingsRow, type PaystackTestRow, type SettingsPatch } from './settings.repo.js';
import { encryptSecret, maskSecret, secretFingerprint } from './settings-crypto.js';

/**
 * The Payment Gateway's status: a key that is saved but is not the one last tested (never
 * tested, or changed since) is 'untested'; only the key saved now, tested, is 'connected' or
 * 'failed'.
 */
function paystackStatusOf(secretKey: string | null, test: PaystackTestRow | undefined): { status: PaystackStatus; testedAt: string | null } {
  if (!secretKey) return { status: 'not_configured', testedAt: null };
  if (!test || test.key_fingerprint !== secretFingerprint(secretKey)) return { status: 'untested', testedAt: null };
  return { status: test.ok ? 'connected' : 'failed', testedAt: new Date(test.tested_at).toISOString() };
}

/** What the back office sees: never a secret, only whether one is set and its masked form. */
function toAdminSettings(s: LodgeSettings, user: Pick<SessionUser, 'role'>, test: PaystackTestRow | undefined): AdminSettings {
  const paystack = paystackStatusOf(s.paystackSecretKey, test);
  return {
    lodgeName: s.lodgeName,
    tagline: s.tagline,
    shortDescription: s.shortDescription,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    whatsappNumber: s.whatsappNumber,
    address: s.address,
    directions: s.directions,
    latitude: s.latitude,
    longitude: s.longitude,
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
    emergencyMedicalPhone: s.emergencyMedicalPhone,
    emergencyPolicePhone: s.emergencyPolicePhone,
    bankName: s.bankName,
    accountNumber: s.accountNumber,
    branchCode: s.branchCode,
    accountHolder: s.accountHolder,
    paystackPublicKey: s.paystackPublicKey,
    paystackSecretKeySet: !!s.paystackSecretKey,
    paystackSecretKeyMasked: maskSecret(s.paystackSecretKey),
    allowEFTPayments: s.allowEftPayments,
    allowCardPayments: s.allowCardPayments,
    cardPaymentDiscount: s.cardPaymentDiscount.toFixed(2),
    eftHoldDurationHours: s.eftHoldDurationHours,
    maxStayNights: s.maxStayNights,
    bookingHorizonDays: s.bookingHorizonDays,
    weatherApiKeySet: !!s.weatherApiKey,
    weatherApiKeyMasked: maskSecret(s.weatherApiKey),
    mapEmbedCode: s.mapEmbedCode,
    heroBackgroundImage: s.heroBackgroundImage,
    paystackStatus: paystack.status,
    paystackTestedAt: paystack.testedAt,
    unbookableTypeDisplay: s.unbookableTypeDisplay,
    legalName: s.legalName,
    physicalAddress: s.physicalAddress,
    vatRegistered: s.vatRegistered,
    vatNumber: s.vatNumber,
    tourismLevyPercent: s.tourismLevyPercent,
    depositPercent: s.depositPercent,
    balanceDueDays: s.balanceDueDays,
    reminderDays: s.reminderDays,
    cancellationPolicy: s.cancellationPolicy,
    registerRetentionMonths: s.registerRetentionMonths,
    registerCheckInRule: s.registerCheckInRule,
    earlyDepartureCharge: s.earlyDepartureCharge,
    showKeysWarning: can(user.role, 'seeKeysWarning'),
    version: s.version,
  };
}

/** The audit's view of the settings: the masked form of the secrets, never the keys (nor the test result, which is not an edit). */
const auditView = (s: LodgeSettings) => {
  const { showKeysWarning: _ignored, paystackStatus: _status, paystackTestedAt: _testedAt, ...rest } = toAdminSettings(s, { role: null }, undefined);
  return rest;
};

/** The settings as the back office sees them, read in `db` (the caller's transaction when it has one). */
async function adminView(db: DbOrTx, user: Pick<SessionUser, 'role'>, s?: LodgeSettings): Promise<AdminSettings> {
  const [settings, test] = await Promise.all([s ?? getSettings(db), getPaystackTest(db)]);
  return toAdminSettings(settings, user, test);
}

export async function getAdminSettings(deps: Pick<Deps, 'db'>, user: SessionUser, db: DbOrTx = deps.db): Promise<AdminSettings> {
  return adminView(db, user);
}

/** PUT /api/admin/settings: fields left out (and secrets sent back masked) keep their value. */
export async function updateSettings(deps: Pick<Deps, 'db'>, user: SessionUser, input: UpdateSettingsRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await lockSettingsRow(trx);
    const before = await getSettings(trx);
    if (input.version !== undefined && input.version !== before.version) {
      throw new ConflictError('The settings were changed by someone else; reload and try again', 'stale_version', undefined, {
        current: await adminView(trx, user, before),
      });
    }
    const patch: SettingsPatch = {};
    if (input.lodgeName !== undefined) patch.lodge_name = input.lodgeName;
    if (input.tagline !== undefined) patch.tagline = input.tagline;
    if (input.shortDescription !== undefined) patch.short_description = input.shortDescription;
    if (input.contactEmail !== undefined) patch.contact_email = input.contactEmail;
    if (input.contactPhone !== undefined) patch.contact_phone = input.contactPhone;
    if (input.whatsappNumber !== undefined) patch.whatsapp_number = input.whatsappNumber;
    if (input.address !== undefined) patch.address = input.address;
    if (input.directions !== undefined) patch.directions = input.directions;
    if (input.latitude !== undefined) patch.latitude = input.latitude === null ? null : input.latitude.toFixed(6);
    if (input.longitude !== undefined) patch.longitude = input.longitude === null ? null : input.longitude.toFixed(6);
    if (input.checkInTime !== undefined) patch.check_in_time = input.checkInTime;
    if (input.checkOutTime !== undefined) patch.check_out_time = input.checkOutTime;
    if (input.emergencyMedicalPhone !== undefined) patch.emergency_medical_phone = input.emergencyMedicalPhone;
    if (input.emergencyPolicePhone !== undefined) patch.emergency_police_phone = input.emergencyPolicePhone;
    if (input.bankName !== undefined) patch.bank_name = input.bankName;
    if (input.accountNumber !== undefined) patch.account_number = input.accountNumber;
    if (input.branchCode !== undefined) patch.branch_code = input.branchCode;
    if (input.accountHolder !== undefined) patch.account_holder = input.accountHolder;
    if (input.paystackPublicKey !== undefined) patch.paystack_public_key = input.paystackPublicKey;
    if (!input.paystackSecretKey.keep) patch.paystack_secret_key = input.paystackSecretKey.value && encryptSecret(input.paystackSecretKey.value);
    if (input.allowEFTPayments !== undefined) patch.allow_eft_payments = input.allowEFTPayments;
    if (input.allowCardPayments !== undefined) patch.allow_card_payments = input.allowCardPayments;
    if (input.cardPaymentDiscount !== undefined) patch.card_payment_discount = input.cardPaymentDiscount.toFixed(2);
    if (input.eftHoldDurationHours !== undefined) patch.eft_hold_duration_hours = input.eftHoldDurationHours;
    if (!input.weatherApiKey.keep) patch.weather_api_key = input.weatherApiKey.value && encryptSecret(input.weatherApiKey.value);
    if (input.mapEmbedCode !== undefined) patch.map_embed_code = input.mapEmbedCode;
    if (input.maxStayNights !== undefined) patch.max_stay_nights = input.maxStayNights;
    if (input.bookingHorizonDays !== undefined) patch.booking_horizon_days = input.bookingHorizonDays;
    if (input.unbookableTypeDisplay !== undefined) patch.unbookable_type_display = input.unbookableTypeDisplay;
    if (input.legalName !== undefined) patch.legal_name = input.legalName;
    if (input.physicalAddress !== undefined) patch.physical_address = input.physicalAddress;
    if (input.vatRegistered !== undefined) patch.vat_registered = input.vatRegistered;
    if (input.vatNumber !== undefined) patch.vat_number = input.vatNumber;
    if (input.tourismLevyPercent !== undefined) patch.tourism_levy_percent = input.tourismLevyPercent.toFixed(2);
    if (input.depositPercent !== undefined) patch.deposit_percent = input.depositPercent;
    if (input.balanceDueDays !== undefined) patch.balance_due_days = input.balanceDueDays;
    if (input.reminderDays !== undefined) patch.reminder_days = input.reminderDays;
    if (input.cancellationPolicy !== undefined) patch.cancellation_policy = JSON.stringify(input.cancellationPolicy);
    if (input.registerRetentionMonths !== undefined) patch.register_retention_months = input.registerRetentionMonths;
    if (input.registerCheckInRule !== undefined) patch.register_check_in_rule = input.registerCheckInRule;
    if (input.earlyDepartureCharge !== undefined) patch.early_departure_charge = input.earlyDepartureCharge;
    // An invoice of a VAT-registered lodge must show its VAT number (the row's CHECK says the
    // same; this names the field).
    if ((patch.vat_registered ?? before.vatRegistered) && !(patch.vat_number !== undefined ? patch.vat_number : before.vatNumber)) {
      throw new ValidationError(`vatNumber: ${SETTINGS_MESSAGES.vatNumberRequired}`, 'validation_error', { vatNumber: SETTINGS_MESSAGES.vatNumberRequired });
    }
    // A save that names no field changes nothing: no new version (other open forms stay
    // current) and no audit row.
    if (Object.keys(patch).length === 0) return adminView(trx, user, before);
    await updateSettingsRow(trx, patch);
    const after = await getSettings(trx);
    // A different secret key has not been tested, even one tested before (A, then B, then A
    // again): the status starts over at 'Key saved, not tested'.
    if (after.paystackSecretKey !== before.paystackSecretKey) await clearPaystackTest(trx);
    await recordAudit(trx, { actor: user, action: 'settings.update', entityType: 'settings', entityId: '1', before: auditView(before), after: auditView(after) });
    return adminView(trx, user, after);
  });
}

/**
 * Sets (or with null clears) the hero picture; returns the previous one so the caller can
 * remove its file once this has committed.
 */
export async function setHeroImage(deps: Pick<Deps, 'db'>, user: SessionUser, image: string | null, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await lockSettingsRow(trx);
    const before = await getSettings(trx);
    // Removing a picture that is not there changes nothing: no write, no version, no audit row.
    if (image === null && before.heroBackgroundImage === null) return { previous: null, settings: await adminView(trx, user, before) };
    await updateSettingsRow(trx, { hero_background_image: image });
    const after = await getSettings(trx);
    await recordAudit(trx, {
      actor: user,
      action: image ? 'settings.hero_image' : 'settings.hero_image_remove',
      entityType: 'settings',
      entityId: '1',
      before: { heroBackgroundImage: before.heroBackgroundImage },
      after: { heroBackgroundImage: after.heroBackgroundImage },
    });
    return { previous: before.heroBackgroundImage, settings: await adminView(trx, user, after) };
  });
}

/**
 * 'Test Connection': Paystack's GET /balance with the stored secret key. The answer is kept
 * with the key's fingerprint (settings page's status line); with no key there is nothing to
 * record. `now` is when the answer came.
 */
export async function testPaystack(deps: Pick<Deps, 'db' | 'paystack'>, now: () => Date = () => new Date()): Promise<TestPaystackResponse> {
  const s = await getSettings(deps.db);
  if (!s.paystackSecretKey) return { ok: false, message: SETTINGS_MESSAGES.noSecretKey, paystackStatus: 'not_configured' };
  let answer: { ok: boolean; message: string };
  try {
    await deps.paystack(s.paystackSecretKey).checkKey();
    answer = { ok: true, message: SETTINGS_MESSAGES.testOk };
  } catch (err) {
    answer = { ok: false, message: `${SETTINGS_MESSAGES.testFailed}: ${err instanceof Error ? err.message : 'unknown error'}` };
  }
  // Recorded against the key that was tested: if it was replaced meanwhile, the new one reads
  // 'untested' (its fingerprint differs), which is true.
  await savePaystackTest(deps.db, { ok: answer.ok, tested_at: now(), key_fingerprint: secretFingerprint(s.paystackSecretKey) });
  return { ...answer, paystackStatus: answer.ok ? 'connected' : 'failed' };
}

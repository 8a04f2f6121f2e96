import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError } from '../../errors.js';
import { can } from '../../../../shared/roles.js';
import { SETTINGS_MESSAGES, type AdminSettings, type TestPaystackResponse, type UpdateSettingsRequest } from '../../../../shared/contracts/settings.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings, type LodgeSettings } from './settings.service.js';
import { lockSettingsRow, updateSettingsRow, type SettingsPatch } from './settings.repo.js';
import { encryptSecret, maskSecret } from './settings-crypto.js';

/** What the back office sees: never a secret, only whether one is set and its masked form. */
export function toAdminSettings(s: LodgeSettings, user: Pick<SessionUser, 'role'>): AdminSettings {
  return {
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
    weatherApiKeySet: !!s.weatherApiKey,
    weatherApiKeyMasked: maskSecret(s.weatherApiKey),
    mapEmbedCode: s.mapEmbedCode,
    heroBackgroundImage: s.heroBackgroundImage,
    unbookableTypeDisplay: s.unbookableTypeDisplay,
    showKeysWarning: can(user.role, 'seeKeysWarning'),
    version: s.version,
  };
}

/** The audit's view of the settings: the masked form of the secrets, never the keys. */
const auditView = (s: LodgeSettings) => {
  const { showKeysWarning: _ignored, ...rest } = toAdminSettings(s, { role: null });
  return rest;
};

export async function getAdminSettings(deps: Pick<Deps, 'db'>, user: SessionUser, db: DbOrTx = deps.db): Promise<AdminSettings> {
  return toAdminSettings(await getSettings(db), user);
}

/** PUT /api/admin/settings: fields left out (and secrets sent back masked) keep their value. */
export async function updateSettings(deps: Pick<Deps, 'db'>, user: SessionUser, input: UpdateSettingsRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await lockSettingsRow(trx);
    const before = await getSettings(trx);
    if (input.version !== undefined && input.version !== before.version) {
      throw new ConflictError('The settings were changed by someone else; reload and try again', 'stale_version', undefined, {
        current: toAdminSettings(before, user),
      });
    }
    const patch: SettingsPatch = {};
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
    if (input.unbookableTypeDisplay !== undefined) patch.unbookable_type_display = input.unbookableTypeDisplay;
    // A save that names no field changes nothing: no new version (other open forms stay
    // current) and no audit row.
    if (Object.keys(patch).length === 0) return toAdminSettings(before, user);
    await updateSettingsRow(trx, patch);
    const after = await getSettings(trx);
    await recordAudit(trx, { actor: user, action: 'settings.update', entityType: 'settings', entityId: '1', before: auditView(before), after: auditView(after) });
    return toAdminSettings(after, user);
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
    if (image === null && before.heroBackgroundImage === null) return { previous: null, settings: toAdminSettings(before, user) };
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
    return { previous: before.heroBackgroundImage, settings: toAdminSettings(after, user) };
  });
}

/** 'Test Connection': Paystack's GET /balance with the stored secret key. */
export async function testPaystack(deps: Pick<Deps, 'db' | 'paystack'>): Promise<TestPaystackResponse> {
  const s = await getSettings(deps.db);
  if (!s.paystackSecretKey) return { ok: false, message: SETTINGS_MESSAGES.noSecretKey };
  try {
    await deps.paystack(s.paystackSecretKey).checkKey();
    return { ok: true, message: SETTINGS_MESSAGES.testOk };
  } catch (err) {
    return { ok: false, message: `${SETTINGS_MESSAGES.testFailed}: ${err instanceof Error ? err.message : 'unknown error'}` };
  }
}

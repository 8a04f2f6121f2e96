import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import type { PublicSettings } from '../../../../shared/contracts/settings.js';
import { getSettings, type SettingsRow } from './settings.repo.js';

export function toPublicSettings(s: SettingsRow, deps: Deps): PublicSettings {
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
    heroBackgroundImage: s.hero_background_image,
    allowCardPayments: s.allow_card_payments,
    allowEFTPayments: s.allow_eft_payments,
    cardPaymentDiscount: Number(s.card_payment_discount),
    eftHoldDurationHours: s.eft_hold_duration_hours,
    cardPaymentsConfigured: !!(s.paystack_public_key && s.paystack_secret_key),
    paystackInlineScriptUrl: deps.config.PAYSTACK_INLINE_SCRIPT_URL,
    timeZone: 'Africa/Johannesburg',
    currency: 'ZAR',
  };
}

export function settingsRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/public/settings', async (ctx) => {
    ctx.body = toPublicSettings(await getSettings(deps.db), deps);
  });
}

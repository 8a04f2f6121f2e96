import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import type { PublicSettings } from '../../../../shared/contracts/settings.js';
import { LODGE_TIME_ZONE } from '../../../../shared/domain/dates.js';
import { cachedSettings, forgetCachedSettings, type LodgeSettings } from './settings.service.js';
import { parse } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { filesOf, multipartUpload } from '../../http/multipart.js';
import { SETTINGS_MESSAGES, UpdateSettingsRequest } from '../../../../shared/contracts/settings.js';
import { removeUploads, storeImages, uploadNameOf } from '../uploads/uploads.service.js';
import { setupChecklist } from './setup-checklist.service.js';
import { getAdminSettings, setHeroImage, testPaystack, updateSettings } from './settings-admin.service.js';

export function toPublicSettings(s: LodgeSettings, deps: Deps): PublicSettings {
  return {
    lodgeName: s.lodgeName,
    tagline: s.tagline,
    latitude: s.latitude,
    longitude: s.longitude,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    address: s.address,
    emergencyMedicalPhone: s.emergencyMedicalPhone,
    emergencyPolicePhone: s.emergencyPolicePhone,
    shortDescription: s.shortDescription,
    whatsappNumber: s.whatsappNumber,
    directions: s.directions,
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
    heroBackgroundImage: s.heroBackgroundImage,
    allowCardPayments: s.allowCardPayments,
    allowEFTPayments: s.allowEftPayments,
    cardPaymentDiscount: s.cardPaymentDiscount,
    eftHoldDurationHours: s.eftHoldDurationHours,
    maxStayNights: s.maxStayNights,
    bookingHorizonDays: s.bookingHorizonDays,
    cardPaymentsConfigured: !!(s.paystackPublicKey && s.paystackSecretKey),
    unbookableTypeDisplay: s.unbookableTypeDisplay,
    depositPercent: s.depositPercent,
    balanceDueDays: s.balanceDueDays,
    cancellationPolicy: s.cancellationPolicy,
    paystackInlineScriptUrl: deps.config.PAYSTACK_INLINE_SCRIPT_URL,
    timeZone: LODGE_TIME_ZONE,
    currency: 'ZAR',
  };
}

export function settingsRoutes(router: Router<AppState>, deps: Deps): void {
  router.get('/public/settings', async (ctx) => {
    ctx.body = toPublicSettings(await cachedSettings(deps), deps);
  });

  router.get('/admin/settings', async (ctx) => {
    ctx.body = await getAdminSettings(deps, currentUser(ctx));
  });

  router.put('/admin/settings', async (ctx) => {
    const input = parse(UpdateSettingsRequest, ctx.request.body);
    ctx.body = await updateSettings(deps, currentUser(ctx), input);
    forgetCachedSettings(deps);
  });

  router.get('/admin/setup-checklist', async (ctx) => {
    ctx.body = await setupChecklist(deps);
  });

  /** Always 200 with { ok, message }: the screen shows the message either way. */
  router.post('/admin/settings/test-paystack', async (ctx) => {
    ctx.body = await testPaystack(deps);
  });

  // The hero picture: multipart with one field 'image'. The spec's client calls
  // /api/admin/upload-background; both paths do the same.
  for (const path of ['/admin/settings/hero-image', '/admin/upload-background']) {
    router.post(path, multipartUpload({ field: 'image', maxFiles: 1 }), async (ctx) => {
      const [file] = filesOf(ctx, 'image', 1);
      const [name] = await storeImages(deps, [file], {
        formats: ['jpeg', 'png', 'webp'],
        field: 'image',
        invalidMessage: SETTINGS_MESSAGES.invalidFileType,
        invalidDetail: () => SETTINGS_MESSAGES.invalidFileTypeDetail,
      });
      let result;
      try {
        result = await setHeroImage(deps, currentUser(ctx), `uploads/${name}`);
        forgetCachedSettings(deps);
      } catch (err) {
        await removeUploads(deps, [name]);
        throw err;
      }
      await removeOld(result.previous);
      ctx.body = { message: 'Background image has been updated successfully!', ...result.settings };
    });

    router.delete(path, async (ctx) => {
      const result = await setHeroImage(deps, currentUser(ctx), null);
      forgetCachedSettings(deps);
      await removeOld(result.previous);
      ctx.body = { message: 'Background image has been removed successfully!', ...result.settings };
    });
  }

  async function removeOld(previous: string | null) {
    const old = previous && uploadNameOf(previous);
    if (old) await removeUploads(deps, [old]);
  }
}

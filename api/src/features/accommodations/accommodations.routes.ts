import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { collectionRoutes } from '../../http/collection-routes.js';
import {
  ACCOMMODATION_MESSAGES,
  AccommodationTypeRequest,
  CreateUnitRequest,
  DeleteImageRequest,
  UpdateUnitRequest,
} from '../../../../shared/contracts/accommodations.js';
import { filesOf, multipartUpload } from '../../http/multipart.js';
import { ValidationError } from '../../errors.js';
import { removeUploads, storeImages, uploadNameOf } from '../uploads/uploads.service.js';
import * as admin from './accommodations-admin.service.js';
import { cachedJsonOf, sendCachedJson } from '../../http/versioned-json.js';
import { publicCatalogue } from './public-catalogue.js';

export function accommodationRoutes(router: Router<AppState>, deps: Deps): void {
  // The public catalogue, kept in memory against catalogue_version (public-catalogue.ts) and
  // encoded once per version.
  const catalogue = publicCatalogue(deps);
  const publicTypes = cachedJsonOf(catalogue.types);
  const publicUnits = cachedJsonOf(catalogue.units);

  /** Public catalogue: active types only (the entire lodge included when active). */
  router.get('/accommodations', async (ctx) => {
    sendCachedJson(ctx, await publicTypes());
  });

  /**
   * Public: active units (the booking flow picks the first active unit of a type), without
   * their housekeeping (PublicUnit).
   */
  router.get('/units', async (ctx) => {
    sendCachedJson(ctx, await publicUnits());
  });

  // Back office: every type and unit, inactive ones included. Viewing is open to all staff
  // (docs/product.md, Roles and permissions: reception sees the Accommodation Management screen); changes
  // are for SuperAdmin and Manager.
  collectionRoutes(router, deps, {
    path: '/admin/accommodations',
    list: admin.listAdminTypes,
    create: { body: AccommodationTypeRequest, run: admin.createType },
    update: { body: AccommodationTypeRequest, run: admin.updateType },
    remove: { run: admin.deleteType, message: 'Accommodation type deleted successfully!' },
  });

  collectionRoutes(router, deps, {
    path: '/admin/units',
    list: admin.listAdminUnits,
    create: { body: CreateUnitRequest, run: admin.createUnit },
    update: { body: UpdateUnitRequest, run: admin.updateUnit },
    remove: { run: admin.deleteUnit, message: 'Unit deleted successfully!' },
  });

  /** Multipart, repeated 'images' field: each checked by content, re-encoded, stored, appended. */
  router.post(
    '/admin/accommodations/:id/images',
    multipartUpload({ field: 'images', maxFiles: MAX_IMAGES_PER_UPLOAD }),
    async (ctx) => {
      const id = uuidParam(ctx.params.id);
      const files = filesOf(ctx, 'images', MAX_IMAGES_PER_UPLOAD);
      const names = await storeImages(deps, files, {
        formats: ['jpeg', 'png', 'webp', 'avif'],
        field: 'images',
        invalidMessage: 'Invalid file type',
        invalidDetail: (f) => `${f.originalFilename ?? 'The file'} is not an image file`,
      });
      try {
        ctx.body = await admin.changeTypeImages(deps, currentUser(ctx), id, (images) => [...images, ...names.map((n) => `/uploads/${n}`)]);
      } catch (err) {
        await removeUploads(deps, names);
        throw err;
      }
    },
  );

  /** Body { imageUrl } (or { url }): drops it from the type; an uploaded file is removed too. */
  router.delete('/admin/accommodations/:id/images', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const { url } = parse(DeleteImageRequest, ctx.request.body);
    const updated = await admin.changeTypeImages(deps, currentUser(ctx), id, (images) => {
      if (!images.includes(url)) {
        throw new ValidationError(`imageUrl: ${ACCOMMODATION_MESSAGES.imageNotFound}`, 'unknown_id', { imageUrl: ACCOMMODATION_MESSAGES.imageNotFound });
      }
      return images.filter((u) => u !== url);
    });
    const name = uploadNameOf(url);
    if (name) await removeUploads(deps, [name]);
    ctx.body = updated;
  });
}

const MAX_IMAGES_PER_UPLOAD = 10;

import { AccommodationType, Unit, type AccommodationTypeRequestInput } from '@shared/contracts/accommodations.js';
import { apiFetch } from '@/lib/api.js';
import { removeServerRows, storeServerRows } from '@/offline/server-rows.js';

/**
 * The Accommodation Management changes (docs/product.md, Accommodation Management). They need the network;
 * each answer goes into this device's store at once, which is what the screen reads (the
 * store is the "related list" that the spec reloads after a change).
 */

/** POST /api/admin/accommodations */
export async function createAccommodationType(body: AccommodationTypeRequestInput): Promise<AccommodationType> {
  const created = await apiFetch('/api/admin/accommodations', { method: 'POST', body, schema: AccommodationType });
  await storeServerRows({ accommodationTypes: [created] });
  return created;
}

/** PUT /api/admin/accommodations/{id} (the whole form, with the version read, so a stale save is a 409). */
export async function updateAccommodationType(id: string, body: AccommodationTypeRequestInput): Promise<AccommodationType> {
  const updated = await apiFetch(`/api/admin/accommodations/${id}`, { method: 'PUT', body, schema: AccommodationType });
  await storeServerRows({ accommodationTypes: [updated] });
  return updated;
}

/** DELETE /api/admin/accommodations/{id}: its units go with it (the server refuses when any has bookings). */
export async function deleteAccommodationType(id: string, unitIds: readonly string[]): Promise<void> {
  await apiFetch(`/api/admin/accommodations/${id}`, { method: 'DELETE' });
  await removeServerRows({ accommodationTypes: [id], units: unitIds });
}

/** POST /api/admin/units */
export async function createUnit(accommodationTypeId: string, name: string): Promise<Unit> {
  const created = await apiFetch('/api/admin/units', { method: 'POST', body: { name, accommodationTypeId }, schema: Unit });
  await storeServerRows({ units: [created] });
  return created;
}

/** DELETE /api/admin/units/{id} */
export async function deleteUnit(id: string): Promise<void> {
  await apiFetch(`/api/admin/units/${id}`, { method: 'DELETE' });
  await removeServerRows({ units: [id] });
}

/** POST /api/admin/accommodations/{id}/images: multipart, one 'images' field per file; answers the type. */
export async function uploadAccommodationImages(id: string, files: readonly File[]): Promise<AccommodationType> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  const updated = await apiFetch(`/api/admin/accommodations/${id}/images`, { method: 'POST', body: form, schema: AccommodationType });
  await storeServerRows({ accommodationTypes: [updated] });
  return updated;
}

/** DELETE /api/admin/accommodations/{id}/images with { imageUrl }; answers the type. */
export async function deleteAccommodationImage(id: string, imageUrl: string): Promise<AccommodationType> {
  const updated = await apiFetch(`/api/admin/accommodations/${id}/images`, { method: 'DELETE', body: { imageUrl }, schema: AccommodationType });
  await storeServerRows({ accommodationTypes: [updated] });
  return updated;
}

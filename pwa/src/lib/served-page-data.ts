/**
 * Fields of the data the server wrote into this page (shared/contracts/page-data.ts) whose check
 * belongs to their page's own code: a guest's booking is checked by its zod contract, which the
 * first JavaScript of every page does not carry. Kept as written, with the address the page was
 * served for, until that page's query takes it: once, and only at that address (after moving
 * to another booking's link in the app, the field is not that booking's).
 */
let served: { path: string; fields: Record<string, unknown> } | null = null;

const normalized = (path: string) => path.replace(/\/+$/, '') || '/';

export function keepServedFields(path: string, fields: Record<string, unknown>): void {
  served = { path: normalized(path), fields: { ...fields } };
}

/** The field as the server wrote it for `path`, or undefined; gone once taken. */
export function takeServedField(field: string, path: string): unknown {
  if (!served || served.path !== normalized(path) || !(field in served.fields)) return undefined;
  const value = served.fields[field];
  delete served.fields[field];
  return value;
}

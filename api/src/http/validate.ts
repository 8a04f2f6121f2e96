import type { z } from 'zod';
import { ValidationError, type FieldErrors } from '../errors.js';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPaths } from '../../../shared/contracts/common.js';

/**
 * Parses input with a shared zod schema. On failure: ValidationError (400) whose message
 * names the first bad field and whose `errors` map names every one of them.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const controlled = controlCharacterPaths(input);
  if (controlled.length) {
    const errors: FieldErrors = Object.fromEntries(controlled.map((field) => [field, CONTROL_CHARACTER_MESSAGE]));
    throw new ValidationError(`${controlled[0]}: ${CONTROL_CHARACTER_MESSAGE}`, 'validation_error', errors);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (!(field in errors)) errors[field] = issue.message;
  }
  const [field, msg] = Object.entries(errors)[0] ?? ['_', 'Invalid input'];
  const message = field === '_' ? msg : `${field}: ${msg}`;
  throw new ValidationError(message, 'validation_error', errors);
}

/** Route params that must be UUIDs (ids of rows) answer 400 naming the field otherwise. */
export function uuidParam(value: string | undefined, field = 'id'): string {
  if (!value || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new ValidationError(`${field}: Invalid id`, 'validation_error', { [field]: 'Invalid id' });
  }
  return value.toLowerCase();
}

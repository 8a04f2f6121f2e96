import { fireEvent, within } from '@testing-library/react';

/**
 * Enters a 'YYYY-MM-DD' date into a DD/MM/YYYY date field (components/date-field.tsx) the way
 * a browser's autofill does: as one typed string into the picker's own input.
 */
export function enterDate(scope: HTMLElement, label: string | RegExp, iso: string, time?: string) {
  const group = within(scope).getByRole('group', { name: label });
  const input = group.parentElement!.querySelector('input')!;
  fireEvent.change(input, { target: { value: time ? `${ddmmyyyy(iso)} ${time}` : ddmmyyyy(iso) } });
}

/** What a DD/MM/YYYY date field shows, e.g. '05/12/2026'. */
export function dateFieldText(scope: HTMLElement, label: string | RegExp): string {
  const group = within(scope).getByRole('group', { name: label });
  return group.parentElement!.querySelector('input')!.value;
}

export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

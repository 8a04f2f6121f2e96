import type { DbOrTx } from '../../db/transaction.js';
import { getSettingsRow, type SettingsRow } from './settings.repo.js';

/** What the folio needs of the tax settings: VAT registration and the tourism levy percent. */
export interface FolioTaxSettings {
  vatRegistered: boolean;
  tourismLevyPercent: number;
}

/** Read through the caller's transaction, so a folio sees the settings its transaction sees. */
export async function getFolioTaxSettings(db: DbOrTx): Promise<FolioTaxSettings> {
  const row = (await getSettingsRow(db)) as SettingsRow & { vat_registered: boolean; tourism_levy_percent: string | number };
  return { vatRegistered: row.vat_registered, tourismLevyPercent: Number(row.tourism_levy_percent) };
}

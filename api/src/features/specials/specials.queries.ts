import type { DbOrTx } from '../../db/transaction.js';
import type { IsoDate } from '../../../../shared/domain/dates.js';
import type { SpecialOfferRule } from '../../../../shared/domain/party-pricing.js';

interface RuleRow {
  id: string;
  name: string;
  stay_from: string;
  stay_to: string;
  stay_nights: number;
  pay_nights: number;
  book_from: string | null;
  book_to: string | null;
  combinable_with_promo: boolean;
  is_active: boolean;
  type_ids: string[];
}

/**
 * The active specials of a type whose stay dates touch the stay's nights (checkIn up to the
 * night before checkOut), as the pricing function takes them. Whether the booking falls in a
 * special's booking window, and how many nights it makes free, is the domain's decision.
 */
export async function listSpecialsForPricing(db: DbOrTx, accommodationTypeId: string, checkIn: IsoDate, checkOut: IsoDate): Promise<SpecialOfferRule[]> {
  const rows: RuleRow[] = await db('special_offers as s')
    .join('special_offer_types as st', 'st.special_offer_id', 's.id')
    .where('st.accommodation_type_id', accommodationTypeId)
    .andWhere('s.is_active', true)
    .andWhere('s.stay_from', '<', checkOut)
    .andWhere('s.stay_to', '>=', checkIn)
    .select(
      's.id',
      's.name',
      db.raw('s.stay_from::text AS stay_from'),
      db.raw('s.stay_to::text AS stay_to'),
      's.stay_nights',
      's.pay_nights',
      db.raw('s.book_from::text AS book_from'),
      db.raw('s.book_to::text AS book_to'),
      's.combinable_with_promo',
      's.is_active',
      db.raw(
        `(SELECT json_agg(x.accommodation_type_id ORDER BY x.accommodation_type_id)
            FROM special_offer_types x WHERE x.special_offer_id = s.id) AS type_ids`,
      ),
    )
    .orderBy('s.id');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    accommodationTypeIds: r.type_ids ?? [],
    stayFrom: r.stay_from,
    stayTo: r.stay_to,
    stayNights: r.stay_nights,
    payNights: r.pay_nights,
    bookFrom: r.book_from,
    bookTo: r.book_to,
    combinableWithPromo: r.combinable_with_promo,
    isActive: r.is_active,
  }));
}

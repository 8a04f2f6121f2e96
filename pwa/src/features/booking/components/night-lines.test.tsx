import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import type { CalculateRateResponse } from '@shared/contracts/pricing.js';
import { formatStayDay } from '@shared/format.js';
import { NightLines } from './night-lines.js';

const day = addDays(todayInLodge(new Date()), 20);

function breakdown(patch: Partial<CalculateRateResponse['breakdown']>): CalculateRateResponse['breakdown'] {
  return { nights: [], nightCount: 1, subtotal: 0, promoDiscount: 0, cardDiscount: 0, totalAmount: 0, cardTotal: 0, minimumStay: 1, ...patch };
}

describe('NightLines', () => {
  it('one adult on a per person type: the adult rate and the single supplement (40 % of R5,450 = R2,180)', () => {
    render(
      <NightLines
        label="Price per night"
        breakdown={breakdown({
          pricingModel: 'per_person_sharing',
          nights: [{ date: day, kind: 'weekend', rate: 5450, adults: 1, adultsAmount: 5450, children: [], singleSupplement: 2180, amount: 7630 }],
        })}
      />,
    );
    const night = screen.getAllByRole('listitem')[0];
    expect(night).toHaveTextContent(`${formatStayDay(day)} (weekend)R7,630`);
    expect(within(night).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 adult × R5,450R5,450', 'Single supplementR2,180']);
  });

  it('a child no band covers pays the adult rate, a free one says so', () => {
    render(
      <NightLines
        label="Price per night"
        breakdown={breakdown({
          pricingModel: 'per_person_sharing',
          nights: [
            {
              date: day,
              kind: 'weekday',
              rate: 4950,
              adults: 2,
              adultsAmount: 9900,
              children: [
                { age: 14, band: null, percentOfAdult: 100, amount: 4950 },
                { age: 2, band: '0–5', percentOfAdult: 0, amount: 0 },
              ],
              singleSupplement: 0,
              amount: 14850,
            },
          ],
        })}
      />,
    );
    const parts = within(screen.getAllByRole('listitem')[0]).getAllByRole('listitem').map((li) => li.textContent);
    expect(parts).toEqual(['2 adults × R4,950R9,900', 'Child (14) · 100 %R4,950', 'Child (2) · freeR0']);
  });

  it('a per unit night stays its date and the unit\'s rate, with no party lines', () => {
    render(<NightLines label="Nightly rates" breakdown={breakdown({ nights: [{ date: day, kind: 'weekday', rate: 4850 }] })} />);
    const list = screen.getByRole('list', { name: 'Nightly rates' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent(`${formatStayDay(day)} (weekday)R4,850`);
  });
});

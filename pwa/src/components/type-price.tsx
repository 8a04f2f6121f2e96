import Typography from '@mui/material/Typography';
import Restaurant from '@mui/icons-material/Restaurant';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import { formatRand } from '@shared/format.js';

type Priced = Pick<AccommodationType, 'pricingModel' | 'baseWeekdayRate' | 'baseWeekendRate'>;

/** A type priced per adult per night (a safari lodge's "per person sharing"), not per unit. */
export const isPerPerson = (type: Pick<AccommodationType, 'pricingModel'>) => type.pricingModel === 'per_person_sharing';

/**
 * "From R4,950 per person sharing": the lower of the type's two per adult rates, as lodges
 * publish them. Per unit types keep their "R{rate}/night" wording where they are shown.
 */
export const perPersonFrom = (type: Priced) => `From ${perPersonRate(type)}`;

/** "R4,950 per person sharing". */
export const perPersonRate = (type: Priced) => `${formatRand(Math.min(type.baseWeekdayRate, type.baseWeekendRate))} per person sharing`;

/** The meal plan of a per person type ('Fully inclusive'), under its price. */
export function MealPlan({ plan }: { plan: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
      <Restaurant fontSize="small" aria-hidden /> {plan}
    </Typography>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { BreakdownNight, CalculateRateResponse } from '@shared/contracts/pricing.js';
import { formatRand, formatStayDay } from '@shared/format.js';

type Breakdown = CalculateRateResponse['breakdown'];

/** "2 adults × R4,950". */
export const adultsLine = (adults: number, rate: number) => `${adults} ${adults === 1 ? 'adult' : 'adults'} × ${formatRand(rate)}`;

/** "Child (8) · 50 %"; a child no band covers pays the adult rate ("· 100 %"), a free one "· free". */
export const childLine = (child: NonNullable<BreakdownNight['children']>[number]) =>
  `Child (${child.age}) · ${child.percentOfAdult === 0 ? 'free' : `${child.percentOfAdult} %`}`;

/** "Stay 4, pay 3 (1 free night)": the special's discount line on the review. */
export function specialLineLabel(special: NonNullable<Breakdown['special']>): string {
  const free = special.freeNights.length;
  return `${special.name} (${free} free ${free === 1 ? 'night' : 'nights'})`;
}

/**
 * The nights as the server priced them. A per unit night is its date and rate (as always);
 * a per person sharing night lists its parts under it: the adults, each child with its band,
 * the single supplement; a night a special made free says so and counts nothing.
 */
export function NightLines({ breakdown, label }: { breakdown: Breakdown; label: string }) {
  const perPerson = breakdown.pricingModel === 'per_person_sharing';
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label={label}>
      {breakdown.nights.map((night) => (
        <Box component="li" key={night.date} sx={{ py: 0.25 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" fontWeight={perPerson ? 600 : undefined}>
              {formatStayDay(night.date)}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                ({night.kind})
              </Typography>
              {night.free && <Chip component="span" label="Free night" size="small" color="success" sx={{ ml: 1, height: 20 }} />}
            </Typography>
            <Typography
              variant="body2"
              fontWeight={perPerson ? 600 : undefined}
              sx={night.free ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
            >
              {formatRand(perPerson ? (night.amount ?? night.rate) : night.rate)}
            </Typography>
          </Box>
          {perPerson && <PartyParts night={night} />}
        </Box>
      ))}
    </Box>
  );
}

function PartyParts({ night }: { night: BreakdownNight }) {
  const parts: [string, number][] = [];
  if (night.adults !== undefined) parts.push([adultsLine(night.adults, night.rate), night.adultsAmount ?? night.adults * night.rate]);
  for (const child of night.children ?? []) parts.push([childLine(child), child.amount]);
  if (night.singleSupplement) parts.push(['Single supplement', night.singleSupplement]);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
      {parts.map(([text, amount], i) => (
        // Two children of one age make the same line: its place tells them apart.
        <Box component="li" key={`${i}-${text}`} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatRand(amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

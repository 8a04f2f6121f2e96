import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { nightCount } from '@shared/domain/dates.js';
import { formatStayDate, unitsLabel } from '@shared/format.js';

/** The stay at a glance: where, when, how many. */
export function StaySummary({
  name,
  checkIn,
  checkOut,
  guests,
  party,
  units,
  children,
}: {
  name: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** Adults and children, when step 1 asked: "2 adults, 2 children (8, 6)". */
  party?: { adults: number; childAges: number[] };
  /** A group's units (2 or more); absent for one unit or the entire lodge. */
  units?: number;
  children?: ReactNode;
}) {
  const nights = nightCount(checkIn, checkOut);
  return (
    <Box sx={{ bgcolor: 'background.default', borderRadius: 2, p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        Your stay
      </Typography>
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {name}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${units ? 5 : 4}, auto)` },
          gap: 2,
          justifyContent: { sm: 'start' },
          columnGap: { sm: 5 },
        }}
      >
        <SummaryItem label="Check-in" value={formatStayDate(checkIn)} />
        <SummaryItem label="Check-out" value={formatStayDate(checkOut)} />
        <SummaryItem label="Nights" value={String(nights)} />
        <SummaryItem label="Guests" value={party ? partyLabel(party) : String(guests)} />
        {units && <SummaryItem label="Units" value={unitsLabel(units)} />}
      </Box>
      {children && (
        <>
          <Divider sx={{ my: 2 }} />
          {children}
        </>
      )}
    </Box>
  );
}

/** "2 adults", or "2 adults, 2 children (8, 6)". */
export function partyLabel({ adults, childAges }: { adults: number; childAges: number[] }): string {
  const grown = `${adults} ${adults === 1 ? 'adult' : 'adults'}`;
  if (childAges.length === 0) return grown;
  return `${grown}, ${childAges.length} ${childAges.length === 1 ? 'child' : 'children'} (${childAges.join(', ')})`;
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography fontWeight={600}>{value}</Typography>
    </Box>
  );
}

export function PriceLine({ label, amount, strong, tone }: { label: string; amount: string; strong?: boolean; tone?: 'success' }) {
  return (
    <Stack direction="row" justifyContent="space-between" spacing={2} sx={{ py: 0.5 }}>
      <Typography fontWeight={strong ? 700 : 400} color={tone === 'success' ? 'success.dark' : undefined}>
        {label}
      </Typography>
      {/* An amount stays on one line ("-R14,850"); a long label wraps instead. */}
      <Typography
        fontWeight={strong ? 700 : 400}
        color={tone === 'success' ? 'success.dark' : undefined}
        fontSize={strong ? '1.2rem' : undefined}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {amount}
      </Typography>
    </Stack>
  );
}

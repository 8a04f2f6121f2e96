import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOn';
import People from '@mui/icons-material/People';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { Unit } from '@shared/contracts/accommodations.js';
import { AccommodationImage } from '@/components/accommodation-image.js';
import { isComingSoon } from '@/features/accommodations/api/coming-soon.js';
import { nightCount } from '@shared/domain/dates.js';
import { formatRand, formatStayDay } from '@shared/format.js';
import { useAvailability } from '../api/check-availability.js';
import { useRate } from '../api/calculate-rate.js';
import { useUnits } from '../api/get-units.js';
import { BOOKING_FLOW_MESSAGES } from '../booking-messages.js';
import { RequestProblem } from './network-notice.js';

/** The check starts about 100 ms after arriving on step 2 (docs/product.md, Guest booking). */
export const AVAILABILITY_DELAY_MS = 100;

export interface ChosenAccommodation {
  type: AccommodationType;
  unitId: string | null;
}

/** Step 2: every type with its availability for the dates and its price; only available ones can be chosen. */
export function AccommodationStep({
  types,
  checkIn,
  checkOut,
  guests,
  preselectedTypeId,
  cardPrices,
  onChoose,
  onBack,
}: {
  types: AccommodationType[];
  checkIn: string;
  checkOut: string;
  guests: number;
  preselectedTypeId: string | null;
  /** Whether guests can pay by card now (switched on and Paystack configured): only then a "by card" price. */
  cardPrices: boolean;
  onChoose: (choice: ChosenAccommodation) => void;
  onBack: () => void;
}) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), AVAILABILITY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const units = useUnits();
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);

  const nights = nightCount(checkIn, checkOut);
  // A type with no active unit ("Coming soon" on the public pages) is not offered at all.
  const ordered = types.filter((t) => !isComingSoon(t, units.data)).sort((a, b) => Number(b.id === preselectedTypeId) - Number(a.id === preselectedTypeId));

  const choose = (type: AccommodationType) => {
    setProblem(null);
    if (type.isPackage) return onChoose({ type, unitId: null });
    const unit = (units.data ?? []).find((u: Unit) => u.accommodationTypeId === type.id && u.isActive);
    if (!unit) {
      setProblem(BOOKING_FLOW_MESSAGES.noUnits);
      return;
    }
    onChoose({ type, unitId: unit.id });
  };

  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        Choose your accommodation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Live availability for your dates, with the total price for your {nights} {nights === 1 ? 'night' : 'nights'}.
      </Typography>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.text}
        </Alert>
      )}
      {units.isError && (
        <Box sx={{ mb: 2 }}>
          <RequestProblem error={units.error} title="Failed to check availability" needs="Checking availability" onRetry={() => units.refetch()} />
        </Box>
      )}
      {types.length === 0 && <Alert severity="info">No accommodations available at this time.</Alert>}
      <Stack spacing={2.5}>
        {ordered.map((type) => (
          <AccommodationOption
            key={type.id}
            type={type}
            checkIn={checkIn}
            checkOut={checkOut}
            guests={guests}
            started={started}
            highlighted={type.id === preselectedTypeId}
            cardPrices={cardPrices}
            choosing={!type.isPackage && units.isPending}
            onChoose={() => choose(type)}
            onUnavailable={() => setProblem(BOOKING_FLOW_MESSAGES.unavailable)}
          />
        ))}
      </Stack>
      <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mt: 3 }}>
        Back
      </Button>
    </Box>
  );
}

function AccommodationOption({
  type,
  checkIn,
  checkOut,
  guests,
  started,
  highlighted,
  cardPrices,
  choosing,
  onChoose,
  onUnavailable,
}: {
  type: AccommodationType;
  checkIn: string;
  checkOut: string;
  guests: number;
  started: boolean;
  highlighted: boolean;
  cardPrices: boolean;
  choosing: boolean;
  onChoose: () => void;
  onUnavailable: () => void;
}) {
  const availability = useAvailability({ accommodationTypeId: type.id, isPackage: type.isPackage, checkIn, checkOut }, { enabled: started });
  const rate = useRate({ accommodationTypeId: type.id, checkIn, checkOut }, { enabled: started });
  const [showNights, setShowNights] = useState(false);
  const tooSmall = guests > type.capacity;
  const available = availability.data?.available === true;
  const selectable = available && !tooSmall && rate.isSuccess;
  const headingId = `type-${type.id}`;

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        overflow: 'hidden',
        borderColor: highlighted ? 'secondary.main' : undefined,
        borderWidth: highlighted ? 2 : 1,
        opacity: availability.isSuccess && !available ? 0.85 : 1,
      }}
    >
      <Box sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0, position: 'relative' }}>
        <AccommodationImage images={type.images} name={type.name} height={180} />
        {highlighted && (
          <Chip label="Your choice" size="small" sx={{ bgcolor: '#7a4a0c', color: '#fff', position: 'absolute', top: 12, left: 12 }} />
        )}
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
          <Typography id={headingId} variant="h6" component="h3">
            {type.name}
          </Typography>
          <AvailabilityChip started={started} availability={availability} />
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" color="text.secondary">
          <People fontSize="small" aria-hidden />
          <Typography variant="body2">
            Sleeps {type.capacity}
            {tooSmall && ` · too small for ${guests} guests`}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {type.description}
        </Typography>

        {rate.isError && (
          <RequestProblem error={rate.error} title="Failed to calculate rates" needs="Calculating the price" onRetry={() => rate.refetch()} />
        )}
        {availability.isError && (
          <RequestProblem
            error={availability.error}
            title="Failed to check availability"
            needs="Checking availability"
            onRetry={() => availability.refetch()}
          />
        )}
        {availability.isSuccess && !available && (
          <Typography variant="body2" color="error.main">
            {BOOKING_FLOW_MESSAGES.unavailable.text}
          </Typography>
        )}

        <Box sx={{ mt: 'auto', pt: 1 }}>
          {rate.isSuccess ? (
            <>
              <Stack direction="row" alignItems="baseline" spacing={1} flexWrap="wrap">
                <Typography variant="h6" component="p" sx={{ fontFamily: 'inherit', fontWeight: 700 }}>
                  {formatRand(rate.data.totalAmount)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  for {rate.data.breakdown.nightCount} {rate.data.breakdown.nightCount === 1 ? 'night' : 'nights'}
                  {cardPrices && rate.data.cardTotal < rate.data.totalAmount && ` · ${formatRand(rate.data.cardTotal)} by card`}
                </Typography>
              </Stack>
              <Button size="small" onClick={() => setShowNights((s) => !s)} aria-expanded={showNights} sx={{ px: 0, minWidth: 0 }}>
                {showNights ? 'Hide nightly rates' : 'Show nightly rates'}
              </Button>
              <Collapse in={showNights}>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label={`Nightly rates for ${type.name}`}>
                  {rate.data.breakdown.nights.map((night) => (
                    <Box component="li" key={night.date} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.25 }}>
                      <Typography variant="body2">
                        {formatStayDay(night.date)} <Typography component="span" variant="caption" color="text.secondary">({night.kind})</Typography>
                      </Typography>
                      <Typography variant="body2">{formatRand(night.rate)}</Typography>
                    </Box>
                  ))}
                </Box>
              </Collapse>
            </>
          ) : (
            !rate.isError && (
              <Stack direction="row" justifyContent="space-between">
                <Typography variant="body2" color="text.secondary">
                  From {formatRand(type.baseWeekdayRate)}/night
                </Typography>
                <Skeleton width={90} aria-hidden />
              </Stack>
            )
          )}
          <Button
            variant="contained"
            color="primary"
            fullWidth
            sx={{ mt: 1 }}
            disabled={!selectable || choosing}
            onClick={() => (available ? onChoose() : onUnavailable())}
            aria-label={`Select ${type.name}`}
          >
            {availability.isSuccess && !available ? 'Not available' : tooSmall ? 'Too small for your group' : 'Select'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function AvailabilityChip({ started, availability }: { started: boolean; availability: ReturnType<typeof useAvailability> }) {
  if (!started || availability.isPending) return <Chip size="small" label="Checking..." variant="outlined" />;
  if (availability.isError) return null;
  return availability.data.available ? (
    <Chip
      size="small"
      color="success"
      icon={<CheckCircle />}
      label={
        availability.data.totalUnits > 1 ? `Available · ${availability.data.availableUnits} of ${availability.data.totalUnits}` : 'Available'
      }
    />
  ) : (
    <Chip size="small" color="error" variant="outlined" icon={<DoNotDisturbOn />} label="Unavailable" />
  );
}

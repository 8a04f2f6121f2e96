import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOn';
import People from '@mui/icons-material/People';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { PublicUnit } from '@shared/contracts/accommodations.js';
import { AccommodationImage } from '@/components/accommodation-image.js';
import { isPerPerson, MealPlan, perPersonFrom } from '@/components/type-price.js';
import { ApiError } from '@/lib/api.js';
import { isComingSoon } from '@shared/domain/public-catalogue.js';
import { nightCount } from '@shared/domain/dates.js';
import { formatRand, unitsLabel } from '@shared/format.js';
import { GUESTS_MAX, GUESTS_MIN } from '@shared/contracts/bookings.js';
import { availabilityQueryOptions, useAvailability } from '../api/check-availability.js';
import { useRate, type Party } from '../api/calculate-rate.js';
import { useUnits } from '@/features/accommodations/api/use-units.js';
import { BOOKING_FLOW_MESSAGES } from '../booking-messages.js';
import { RequestProblem } from './network-notice.js';
import { NightLines } from './night-lines.js';
import { WaitlistOffer } from './waitlist-offer.js';

/** The check starts about 100 ms after arriving on step 2 (docs/product.md, Guest booking). */
export const AVAILABILITY_DELAY_MS = 100;

export interface ChosenAccommodation {
  type: AccommodationType;
  unitId: string | null;
  /** Units of the type booked together (1 for one unit and for the entire lodge). */
  unitCount: number;
}

/**
 * The guests selector's upper bound for what is chosen: 1 to 8 for one unit (the booking
 * form's range), the type's capacity times the units for a group.
 */
export function guestsBound(capacity: number, unitCount: number): number {
  return unitCount > 1 ? capacity * unitCount : GUESTS_MAX;
}

/** The server's refusal of the party for a type (its child policy, its adults per unit), in its words. */
export function partyRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.fieldErrors.childAges ?? error.fieldErrors.adults;
}

/** Step 2: every type with its availability for the dates and its price; only available ones can be chosen. */
export function AccommodationStep({
  types,
  checkIn,
  checkOut,
  guests,
  party,
  partyAsked = false,
  onPartyRefused,
  unitCount,
  preselectedTypeId,
  cardPrices,
  onChoose,
  onGuests,
  onBack,
}: {
  types: AccommodationType[];
  checkIn: string;
  checkOut: string;
  guests: number;
  /** Who stays, when step 1 asked: a per person sharing type is checked and priced for it. */
  party?: Party;
  /**
   * Step 1 asked adults and children: a per person type's group takes those (its price is
   * per person), so it has no Guests beside its Units; a per unit type keeps its Guests.
   */
  partyAsked?: boolean;
  /** "Change guests" under a type's refusal of the party: back to step 1, the reason at the ages. */
  onPartyRefused?: (message: string) => void;
  /** The units chosen before (back from a later step), for the type chosen then. */
  unitCount?: { typeId: string; count: number };
  /** A group's guests, changed beside its units. */
  onGuests: (guests: number) => void;
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

  // The same questions the cards ask (one cache): when every type answers "not available",
  // the guest is offered the waitlist for their stay.
  const availabilities = useQueries({
    queries: ordered.map((type) => ({
      ...availabilityQueryOptions({ accommodationTypeId: type.id, isPackage: type.isPackage, checkIn, checkOut, party: isPerPerson(type) ? party : undefined }),
      enabled: started,
    })),
  });
  const nothingAvailable = ordered.length > 0 && availabilities.every((q) => q.isSuccess && !q.data.available);

  const choose = (type: AccommodationType, count: number) => {
    setProblem(null);
    if (type.isPackage) return onChoose({ type, unitId: null, unitCount: 1 });
    const unit = (units.data ?? []).find((u: PublicUnit) => u.accommodationTypeId === type.id && u.isActive);
    if (!unit) {
      setProblem(BOOKING_FLOW_MESSAGES.noUnits);
      return;
    }
    onChoose({ type, unitId: unit.id, unitCount: count });
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
      {/* Above the full cards, so a phone does not scroll past every one of them to find it. */}
      {nothingAvailable && <WaitlistOffer types={ordered} checkIn={checkIn} checkOut={checkOut} guests={guests} preselectedTypeId={preselectedTypeId} />}
      <Stack spacing={2.5}>
        {ordered.map((type) => (
          <AccommodationOption
            key={type.id}
            type={type}
            checkIn={checkIn}
            checkOut={checkOut}
            guests={guests}
            party={isPerPerson(type) ? party : undefined}
            partyAsked={partyAsked && isPerPerson(type)}
            onPartyRefused={onPartyRefused}
            activeUnits={type.isPackage ? 1 : (units.data ?? []).filter((u: PublicUnit) => u.accommodationTypeId === type.id && u.isActive).length}
            chosenUnits={unitCount?.typeId === type.id ? unitCount.count : undefined}
            onGuests={onGuests}
            started={started}
            highlighted={type.id === preselectedTypeId}
            cardPrices={cardPrices}
            choosing={!type.isPackage && units.isPending}
            onChoose={(count) => choose(type, count)}
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
  party,
  partyAsked,
  onPartyRefused,
  activeUnits,
  chosenUnits,
  onGuests,
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
  party?: Party;
  partyAsked?: boolean;
  onPartyRefused?: (message: string) => void;
  /** Active units of the type: a Units selector only when there is more than one. */
  activeUnits: number;
  chosenUnits?: number;
  onGuests: (guests: number) => void;
  started: boolean;
  highlighted: boolean;
  cardPrices: boolean;
  choosing: boolean;
  onChoose: (unitCount: number) => void;
  onUnavailable: () => void;
}) {
  const availability = useAvailability({ accommodationTypeId: type.id, isPackage: type.isPackage, checkIn, checkOut, party }, { enabled: started });
  // Units: 1 up to the units free for the dates; by default as many as the party needs.
  const freeUnits = Math.max(1, availability.data?.availableUnits ?? 1);
  const [pickedUnits, setPickedUnits] = useState<number | undefined>(chosenUnits);
  const groupable = !type.isPackage && activeUnits > 1;
  const unitCount = groupable ? Math.min(freeUnits, pickedUnits ?? Math.max(1, Math.ceil(guests / type.capacity))) : 1;
  const rate = useRate({ accommodationTypeId: type.id, checkIn, checkOut, unitCount, party }, { enabled: started });
  // A per person type that cannot take this party says why (the server's words) instead of failing.
  const refusal = partyRefusal(availability.error) ?? partyRefusal(rate.error);
  const [showNights, setShowNights] = useState(false);
  const tooSmall = guests > type.capacity * unitCount;
  const maxGuests = guestsBound(type.capacity, unitCount);
  const available = availability.data?.available === true;
  const selectable = available && !tooSmall && rate.isSuccess && !refusal;
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
            {unitCount > 1 && ` per unit · ${type.capacity * unitCount} in ${unitsLabel(unitCount)}`}
            {tooSmall && ` · too small for ${guests} guests`}
          </Typography>
        </Stack>
        {groupable && availability.data?.available && (
          <Stack direction="row" spacing={1.5} sx={{ pt: 0.5 }}>
            <TextField
              select
              size="small"
              label="Units"
              name={`units-${type.id}`}
              value={String(unitCount)}
              onChange={(e) => {
                const count = Number(e.target.value);
                setPickedUnits(count);
                // Fewer units sleep fewer: the party follows the new bound.
                if (guests > guestsBound(type.capacity, count)) onGuests(guestsBound(type.capacity, count));
              }}
              sx={{ minWidth: 110, flex: 1, maxWidth: 160 }}
            >
              {Array.from({ length: freeUnits }, (_, i) => i + 1).map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {unitsLabel(n)}
                </MenuItem>
              ))}
            </TextField>
            {!partyAsked && (
              <TextField
                select
                size="small"
                label="Guests"
                name={`guests-${type.id}`}
                value={String(Math.min(guests, maxGuests))}
                onChange={(e) => onGuests(Number(e.target.value))}
                sx={{ minWidth: 110, flex: 1, maxWidth: 160 }}
              >
                {Array.from({ length: maxGuests - GUESTS_MIN + 1 }, (_, i) => i + GUESTS_MIN).map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {n} {n === 1 ? 'guest' : 'guests'}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {type.description}
        </Typography>
        {isPerPerson(type) && type.mealPlan && <MealPlan plan={type.mealPlan} />}

        {refusal && (
          <Alert severity="warning">
            {refusal}
            {onPartyRefused && (
              <Box>
                <Button color="inherit" size="small" onClick={() => onPartyRefused(refusal)} sx={{ mt: 0.5, ml: -0.75 }}>
                  Change guests
                </Button>
              </Box>
            )}
          </Alert>
        )}
        {rate.isError && !refusal && (
          <RequestProblem error={rate.error} title="Failed to calculate rates" needs="Calculating the price" onRetry={() => rate.refetch()} />
        )}
        {availability.isError && !refusal && (
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
          {rate.isSuccess && !refusal ? (
            <>
              <Stack direction="row" alignItems="baseline" spacing={1} flexWrap="wrap">
                <Typography variant="h6" component="p" sx={{ fontFamily: 'inherit', fontWeight: 700 }}>
                  {formatRand(rate.data.totalAmount)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  for {rate.data.breakdown.nightCount} {rate.data.breakdown.nightCount === 1 ? 'night' : 'nights'}
                  {rate.data.breakdown.unitCount && ` · ${unitsLabel(rate.data.breakdown.unitCount)}`}
                  {cardPrices && rate.data.cardTotal < rate.data.totalAmount && ` · ${formatRand(rate.data.cardTotal)} by card`}
                </Typography>
              </Stack>
              {rate.data.breakdown.special && (
                <Chip size="small" color="success" variant="outlined" label={`${rate.data.breakdown.special.name} applied`} sx={{ mt: 0.5 }} />
              )}
              <Button size="small" onClick={() => setShowNights((s) => !s)} aria-expanded={showNights} sx={{ px: 0, minWidth: 0, display: 'flex' }}>
                {showNights ? 'Hide nightly rates' : 'Show nightly rates'}
              </Button>
              <Collapse in={showNights}>
                <NightLines breakdown={rate.data.breakdown} label={`Nightly rates for ${type.name}`} />
              </Collapse>
            </>
          ) : (
            !rate.isError && !refusal && (
              <Stack direction="row" justifyContent="space-between">
                <Typography variant="body2" color="text.secondary">
                  {isPerPerson(type) ? perPersonFrom(type) : `From ${formatRand(type.baseWeekdayRate)}/night`}
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
            onClick={() => (available ? onChoose(unitCount) : onUnavailable())}
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

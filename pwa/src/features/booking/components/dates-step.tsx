import { memo } from 'react';
import { format, isValid, parse } from 'date-fns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enGB } from 'date-fns/locale/en-GB';
import { visuallyHidden } from '@mui/utils';
import { GUESTS_MAX, GUESTS_MIN } from '@shared/contracts/bookings.js';
import { CHECK_OUT_AFTER_CHECK_IN_MESSAGE } from '@shared/contracts/common.js';
import { addDays, isValidIsoDate, nightCount } from '@shared/domain/dates.js';
import { lastBookableDate, type StayLimits } from '@shared/domain/stay-limits.js';
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from '@shared/domain/party-pricing.js';
import { PAST_CHECK_IN_MESSAGE, agesChosen, datesProblem, minimumCheckOut, stayLimits, withGuests, withParty } from '../booking-draft.js';
import { useStayTimes } from '@/features/settings/api/use-public-settings.js';

const ISO = 'yyyy-MM-dd';
const toDate = (iso: string) => {
  const d = iso ? parse(iso, ISO, new Date()) : null;
  return d && isValid(d) ? d : null;
};
const toIso = (d: Date | null) => (d && isValid(d) ? format(d, ISO) : '');

export interface DatesValue {
  checkIn: string;
  checkOut: string;
  guests: number;
  adults: number;
  childAges: (number | null)[];
}

/** Shown under the ages until each child's age is chosen. */
export const CHOOSE_AGES_MESSAGE = "Choose each child's age on arrival";

/**
 * Step 1: check-in (from today, Johannesburg), check-out (from the day after), guests 1 to 8.
 * Memo: its two date pickers are the costliest part of /booking to draw, and the page draws
 * again as its reads (settings, accommodations) arrive, which do not change this step.
 */
export const DatesStep = memo(function DatesStep({
  value,
  today,
  limits,
  maxGuests,
  askParty = false,
  partyProblem,
  onChange,
  onContinue,
}: {
  value: DatesValue;
  today: string;
  /** The lodge's longest guest stay and booking horizon, once the public settings are read. */
  limits?: StayLimits;
  maxGuests?: number;
  /** The lodge prices a type per person sharing: ask adults, children and each child's age. */
  askParty?: boolean;
  /** The server's refusal of the party (a type's child policy in words), shown at the ages. */
  partyProblem?: string;
  onChange: (patch: Partial<DatesValue>) => void;
  onContinue: () => void;
}) {
  const times = useStayTimes();
  const problem = datesProblem(value.checkIn, value.checkOut, today, limits);
  const partyIncomplete = askParty && !agesChosen(value.childAges);
  // A typed day before today turns the field red (the picker's minDate): say why under it.
  const pastCheckIn = isValidIsoDate(value.checkIn) && value.checkIn < today;
  const showOrderError = Boolean(value.checkIn && value.checkOut) && problem === CHECK_OUT_AFTER_CHECK_IN_MESSAGE;
  // Why a date is refused: past the horizon, or a stay longer than the lodge takes. The pickers
  // stop there too, but a date typed in the field shows the reason here.
  const limitIssues = limits ? stayLimits(value.checkIn, value.checkOut, today, limits) : {};
  const lastCheckOut = limits ? lastBookableDate(today, limits) : undefined;
  const checkOutMax =
    limits && lastCheckOut && isValidIsoDate(value.checkIn)
      ? [lastCheckOut, addDays(value.checkIn, limits.maxStayNights)].sort()[0]
      : lastCheckOut;
  const checkOutHelp = showOrderError ? CHECK_OUT_AFTER_CHECK_IN_MESSAGE : (limitIssues.checkOut ?? ' ');
  const nights = problem ? 0 : nightCount(value.checkIn, value.checkOut);
  const guestChoices = Array.from({ length: (maxGuests ?? GUESTS_MAX) - GUESTS_MIN + 1 }, (_, i) => i + GUESTS_MIN);

  return (
    // The pickers' provider lives with them: the booking page's frame loads without them.
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem && !partyIncomplete) onContinue();
        }}
      >
        <Typography variant="h5" component="h2" gutterBottom>
          When would you like to stay?
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Check-in from {times.checkIn}, check-out by {times.checkOut}. Prices are per night in rand.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DatePicker
            label="Check-in date"
            format="dd/MM/yyyy"
            value={toDate(value.checkIn)}
            minDate={toDate(today) ?? undefined}
            maxDate={lastCheckOut ? (toDate(addDays(lastCheckOut, -1)) ?? undefined) : undefined}
            onChange={(d) => {
              const checkIn = toIso(d);
              const patch: Partial<DatesValue> = { checkIn };
              // Keep the stay's length sensible: a check-out now before check-in moves along.
              if (checkIn && value.checkOut && value.checkOut <= checkIn) patch.checkOut = minimumCheckOut(checkIn, today);
              onChange(patch);
            }}
            slotProps={{
              textField: {
                fullWidth: true,
                name: 'checkIn',
                required: true,
                error: pastCheckIn || Boolean(limitIssues.checkIn),
                helperText: pastCheckIn ? PAST_CHECK_IN_MESSAGE : (limitIssues.checkIn ?? ' '),
              },
            }}
          />
          <DatePicker
            label="Check-out date"
            format="dd/MM/yyyy"
            value={toDate(value.checkOut)}
            minDate={toDate(minimumCheckOut(value.checkIn, today)) ?? undefined}
            maxDate={checkOutMax ? (toDate(checkOutMax) ?? undefined) : undefined}
            onChange={(d) => onChange({ checkOut: toIso(d) })}
            slotProps={{
              textField: {
                fullWidth: true,
                name: 'checkOut',
                required: true,
                error: showOrderError || Boolean(limitIssues.checkOut),
                helperText: checkOutHelp,
              },
            }}
          />
        </Stack>
        {askParty ? (
          <PartyFields value={value} maxGuests={maxGuests ?? GUESTS_MAX} problem={partyProblem} onChange={onChange} />
        ) : (
          <TextField
            select
            label="Guests"
            name="guests"
            value={String(value.guests)}
            onChange={(e) => onChange(withGuests(value, Number(e.target.value)))}
            sx={{ mt: 1, maxWidth: { sm: 240 } }}
            helperText={`${GUESTS_MIN} to ${maxGuests ?? GUESTS_MAX} guests`}
          >
            {guestChoices.map((n) => (
              <MenuItem key={n} value={String(n)}>
                {n} {n === 1 ? 'guest' : 'guests'}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" size="large" disabled={Boolean(problem) || partyIncomplete} startIcon={<EventAvailable />}>
            Check Availability
          </Button>
          {nights > 0 && (
            <Typography color="text.secondary" aria-live="polite">
              {nights} {nights === 1 ? 'night' : 'nights'}
            </Typography>
          )}
        </Stack>
      </Box>
    </LocalizationProvider>
  );
});

/**
 * Adults and Children (together 1 to the guests' bound, 2 adults by default) and each child's
 * age on arrival: a per person sharing type prices children by age band and may not take
 * young ones. The guests count follows (per unit types price the unit whoever sleeps in it).
 */
function PartyFields({
  value,
  maxGuests,
  problem,
  onChange,
}: {
  value: DatesValue;
  maxGuests: number;
  problem?: string;
  onChange: (patch: Partial<DatesValue>) => void;
}) {
  const children = value.childAges.length;
  const adultChoices = Array.from({ length: Math.max(1, maxGuests - children) }, (_, i) => i + 1);
  const childChoices = Array.from({ length: Math.max(0, maxGuests - value.adults) + 1 }, (_, i) => i);
  const missingAge = !agesChosen(value.childAges);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <Typography component="legend" sx={visuallyHidden}>
        Who is staying
      </Typography>
      <Stack direction="row" spacing={2} sx={{ maxWidth: { sm: 496 } }}>
        <TextField
          select
          label="Adults"
          name="adults"
          value={String(value.adults)}
          onChange={(e) => onChange(withParty(Number(e.target.value), value.childAges))}
          sx={{ flex: 1 }}
          helperText={`${GUESTS_MIN} to ${maxGuests} guests`}
        >
          {adultChoices.map((n) => (
            <MenuItem key={n} value={String(n)}>
              {n} {n === 1 ? 'adult' : 'adults'}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Children"
          name="children"
          value={String(children)}
          onChange={(e) => {
            const count = Number(e.target.value);
            const ages = Array.from({ length: count }, (_, i) => value.childAges[i] ?? null);
            onChange(withParty(value.adults, ages));
          }}
          sx={{ flex: 1 }}
          helperText={`Ages ${CHILD_AGE_MIN} to ${CHILD_AGE_MAX}`}
        >
          {childChoices.map((n) => (
            <MenuItem key={n} value={String(n)}>
              {n === 0 ? 'No children' : `${n} ${n === 1 ? 'child' : 'children'}`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {children > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2, mt: 1.5, maxWidth: { sm: 640 } }}>
          {value.childAges.map((age, i) => (
            <TextField
              // A child is its place in the list.
              key={i}
              select
              label={`Age of child ${i + 1}`}
              name={`childAge${i + 1}`}
              value={age === null ? '' : String(age)}
              error={Boolean(problem)}
              onChange={(e) => {
                const ages = value.childAges.slice();
                ages[i] = Number(e.target.value);
                onChange(withParty(value.adults, ages));
              }}
              size="small"
            >
              {Array.from({ length: CHILD_AGE_MAX - CHILD_AGE_MIN + 1 }, (_, a) => a + CHILD_AGE_MIN).map((a) => (
                <MenuItem key={a} value={String(a)}>
                  {a}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
      )}
      {problem ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      ) : (
        missingAge && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {CHOOSE_AGES_MESSAGE}
          </Typography>
        )
      )}
    </Box>
  );
}

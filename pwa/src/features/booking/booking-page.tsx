import { startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { todayInLodge } from '@shared/domain/dates.js';
import type { StayLimits } from '@shared/domain/stay-limits.js';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { PublicSettings } from '@shared/contracts/settings.js';
import { useAccommodations } from '@/features/accommodations/api/use-accommodations.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { formatRand, unitsLabel } from '@shared/format.js';
import { isPerPerson, perPersonRate } from '@/components/type-price.js';
import { useRate, type Party } from './api/calculate-rate.js';
import {
  agesChosen,
  BOOKING_STEPS,
  datesProblem,
  loadConfirmed,
  newIdempotencyKey,
  saveConfirmed,
  type BookingDraft,
  type BookingStep,
  type ConfirmedBooking,
  type GuestPaymentMethod,
  withGuests,
} from './booking-draft.js';
import { useBookingDraft } from './use-booking-draft.js';
import type { PaymentChoice } from './components/guest-step.js';
import { RequestProblem } from './components/network-notice.js';
import { BOOKING_SUBTITLE, ENTIRE_LODGE_SUBTITLE, PageBanner } from './booking-banner.js';
import { AccommodationStep, BookingDetails, DatesStep, GuestStep, PaymentStep, STEP_SCREENS } from './booking-steps.js';

export const ENTIRE_LODGE_KEY = 'entire-lodge';

/** The methods the lodge accepts right now (public settings); a disabled one is not offered. */
export function paymentChoicesOf(settings: PublicSettings | undefined): PaymentChoice[] {
  if (!settings) return [];
  const choices: PaymentChoice[] = [];
  if (settings.allowCardPayments && settings.cardPaymentsConfigured) {
    choices.push({
      method: 'Card',
      label: settings.cardPaymentDiscount > 0 ? `Card (save ${settings.cardPaymentDiscount}%)` : 'Card',
      detail: 'Pay now and your booking is confirmed at once.',
    });
  }
  if (settings.allowEFTPayments) {
    choices.push({
      method: 'EFT',
      label: 'EFT (bank transfer)',
      detail: `We hold your booking for ${settings.eftHoldDurationHours} hours while you pay; banking details come by e-mail.`,
    });
  }
  return choices;
}

/** The draft's step, moved back to the first step whose inputs are missing (e.g. an old saved draft). */
export function effectiveStep(draft: BookingDraft, today: string, limits?: StayLimits, askParty = false): BookingStep {
  if (draft.step >= 1 && datesProblem(draft.checkIn, draft.checkOut, today, limits)) return 0;
  if (draft.step >= 1 && askParty && !agesChosen(draft.childAges)) return 0;
  if (draft.step >= 2 && !draft.accommodationTypeId) return 1;
  if (draft.step >= 3 && !draft.idempotencyKey) return 2;
  return draft.step;
}

/** /booking: five steps, kept on the device as they are typed, for a phone with weak signal. */
export function BookingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirmedRef = params.get('confirmed');
  const [confirmed, setConfirmed] = useState<ConfirmedBooking | undefined>(() => {
    const saved = loadConfirmed();
    return saved && confirmedRef && saved.reference === confirmedRef ? saved : undefined;
  });
  const search = confirmedRef ? '' : params.toString();
  const { draft, update, finish, restart } = useBookingDraft(search);
  const settings = usePublicSettings();
  const accommodations = useAccommodations();
  const today = todayInLodge(new Date());
  const limits = useMemo<StayLimits | undefined>(
    () => (settings.data ? { maxStayNights: settings.data.maxStayNights, bookingHorizonDays: settings.data.bookingHorizonDays } : undefined),
    [settings.data],
  );
  // A per person sharing type among the bookable ones: step 1 asks adults, children and
  // their ages, and the requests carry them (the entire lodge is priced per unit).
  const askParty = !draft.entireLodge && (accommodations.data ?? []).some((t) => t.isActive && !t.isPackage && isPerPerson(t));
  const party = useMemo<Party | undefined>(
    () => (askParty && agesChosen(draft.childAges) ? { adults: draft.adults, childAges: draft.childAges } : undefined),
    [askParty, draft.adults, draft.childAges],
  );
  // A type's refusal of the party on step 2 (its child policy in words), shown at the ages.
  const [partyProblem, setPartyProblem] = useState<string | undefined>();
  const step: BookingStep = confirmed ? 4 : effectiveStep(draft, today, limits, askParty);

  const types = useMemo(
    () =>
      (accommodations.data ?? []).filter((t) =>
        t.isActive && (draft.entireLodge ? t.systemKey === ENTIRE_LODGE_KEY || t.isPackage : !t.isPackage),
      ),
    [accommodations.data, draft.entireLodge],
  );
  const chosenType = (accommodations.data ?? []).find((t) => t.id === draft.accommodationTypeId);
  const preselected = (accommodations.data ?? []).find((t) => t.id === draft.preselectedTypeId);
  const choices = paymentChoicesOf(settings.data);

  // A method the lodge no longer accepts falls back to one it does.
  useEffect(() => {
    if (choices.length > 0 && !choices.some((c) => c.method === draft.paymentMethod)) update({ paymentMethod: choices[0].method });
  }, [choices, draft.paymentMethod, update]);

  const rate = useRate(
    {
      accommodationTypeId: draft.accommodationTypeId ?? '',
      checkIn: draft.checkIn,
      checkOut: draft.checkOut,
      promoCode: draft.guest.promoCode.trim() || undefined,
      unitCount: draft.unitCount,
      extras: draft.extras,
      guests: draft.guests,
      party,
    },
    { enabled: step === 3 && Boolean(draft.accommodationTypeId) },
  );

  // Each step starts at its top, and its heading gets the focus for screen readers: once its
  // screen is shown (StepShown sits beside it, so it waits for a screen still loading).
  const contentRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  const onStepShown = useCallback((shown: BookingStep) => {
    // The next step's screen downloads once the guest starts on this one (a tap or a field
    // in focus): not while the page is still starting up, where it would hold up the phone.
    const next = STEP_SCREENS[Math.min(shown + 1, STEP_SCREENS.length - 1)];
    const box = contentRef.current;
    if (box) {
      const preload = () => {
        box.removeEventListener('pointerdown', preload);
        box.removeEventListener('focusin', preload);
        next.preload();
      };
      box.addEventListener('pointerdown', preload);
      box.addEventListener('focusin', preload);
    }
    if (shownStep.current === shown) return;
    shownStep.current = shown;
    contentRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    contentRef.current?.querySelector<HTMLElement>('h2')?.focus?.();
  }, []);

  // Stable, so the first step (memo) is not drawn again when the page's data arrives.
  const toStep1 = useCallback(() => update({ step: 1 }), [update]);
  const onGuests = useCallback((guests: number) => update((d) => withGuests(d, guests)), [update]);
  const onDates = useCallback(
    (patch: Partial<BookingDraft>) => {
      if (patch.childAges || patch.adults) setPartyProblem(undefined);
      update(patch);
    },
    [update],
  );
  const onPartyRefused = useCallback(
    (message: string) => {
      setPartyProblem(message);
      update({ step: 0 });
    },
    [update],
  );
  // The guests selector's bound: the entire lodge's capacity, a chosen group's capacity
  // times its units, else 1 to 8 (one unit). A group's units are chosen on step 2.
  const maxGuests = draft.entireLodge
    ? types.find((t) => t.isPackage)?.capacity
    : draft.unitCount > 1 && chosenType
      ? chosenType.capacity * draft.unitCount
      : undefined;

  function onConfirmed(c: ConfirmedBooking) {
    saveConfirmed(c);
    finish();
    setConfirmed(c);
    navigate(`/booking?confirmed=${encodeURIComponent(c.reference)}`, { replace: true });
  }

  const subtitle = draft.entireLodge ? ENTIRE_LODGE_SUBTITLE : preselected ? preselected.name : BOOKING_SUBTITLE;

  return (
    <>
      <PageBanner subtitle={subtitle} />
      <Container maxWidth="md" sx={{ mt: { xs: -6, md: -7 }, pb: { xs: 6, md: 8 } }}>
        <Paper sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, boxShadow: '0 12px 40px rgba(43,42,39,0.12)' }}>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: { xs: 1, sm: 4 } }}>
            {BOOKING_STEPS.map((label, i) => (
              <Step key={label} completed={i < step}>
                <StepLabel>
                  {/* On a phone the line below names the step; the labels stay for screen readers. */}
                  <Box component="span" sx={(t) => ({ [t.breakpoints.down('sm')]: visuallyHidden })}>
                    {label}
                  </Box>
                </StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, textAlign: 'center', mb: 2 }}>
            Step {step + 1} of 5 · {BOOKING_STEPS[step]}
          </Typography>

          <Box ref={contentRef} sx={{ scrollMarginTop: 80, '& h2:focus': { outline: 'none' } }}>
            <Suspense fallback={<StepLoading step={step} />}>
              {step === 0 && (
                <InSlices fallback={<StepLoading step={0} />}>
                  <DatesStep
                    value={draft}
                    today={today}
                    limits={limits}
                    maxGuests={maxGuests}
                    askParty={askParty}
                    partyProblem={partyProblem}
                    onChange={onDates}
                    onContinue={toStep1}
                  />
                </InSlices>
              )}

              {step === 1 &&
                (accommodations.isPending ? (
                  <Skeleton variant="rounded" height={220} />
                ) : accommodations.isError ? (
                  <RequestProblem
                    error={accommodations.error}
                    title="Failed to check availability"
                    fallback="Unable to load accommodations at this time."
                    needs="Checking availability"
                    onRetry={() => accommodations.refetch()}
                  />
                ) : draft.entireLodge && types.length === 0 ? (
                  <Alert severity="info">The entire lodge cannot be booked online at the moment. Please contact us.</Alert>
                ) : (
                  <AccommodationStep
                    types={types}
                    checkIn={draft.checkIn}
                    checkOut={draft.checkOut}
                    guests={draft.guests}
                    party={party}
                    partyAsked={askParty}
                    onPartyRefused={onPartyRefused}
                    unitCount={draft.accommodationTypeId ? { typeId: draft.accommodationTypeId, count: draft.unitCount } : undefined}
                    onGuests={onGuests}
                    preselectedTypeId={draft.preselectedTypeId}
                    cardPrices={choices.some((c) => c.method === 'Card')}
                    onBack={() => update({ step: 0 })}
                    onChoose={({ type, unitId, unitCount }: { type: AccommodationType; unitId: string | null; unitCount: number }) =>
                      update({ step: 2, accommodationTypeId: type.id, isPackage: type.isPackage, unitId, unitCount, idempotencyKey: null })
                    }
                  />
                ))}

              {step === 2 && draft.accommodationTypeId && (
                <GuestStep
                  guest={draft.guest}
                  paymentMethod={draft.paymentMethod}
                  paymentChoices={choices}
                  rateArgs={{ accommodationTypeId: draft.accommodationTypeId, checkIn: draft.checkIn, checkOut: draft.checkOut, unitCount: draft.unitCount, party }}
                  guests={draft.guests}
                  extras={draft.extras}
                  onExtras={(extras) => update({ extras })}
                  onChange={(patch) => update((d) => ({ guest: { ...d.guest, ...patch } }))}
                  onPaymentMethod={(paymentMethod: GuestPaymentMethod) => update({ paymentMethod })}
                  onBack={() => update({ step: 1 })}
                  // A new key per visit to step 4: changed details are a new request, a retry is not.
                  onContinue={() => update({ step: 3, idempotencyKey: newIdempotencyKey() })}
                />
              )}

              {step === 3 &&
                (rate.isSuccess && settings.data ? (
                  <PaymentStep
                    draft={draft}
                    typeName={chosenType?.name ?? 'Your accommodation'}
                    rate={rate.data}
                    party={party}
                    settings={settings.data}
                    onBack={() => update({ step: 2, idempotencyKey: null })}
                    onConfirmed={onConfirmed}
                  />
                ) : rate.isError || settings.isError ? (
                  <>
                    <RequestProblem
                      error={rate.error ?? settings.error}
                      title="Failed to calculate rates"
                      needs="Calculating the price"
                      onRetry={() => {
                        void rate.refetch();
                        void settings.refetch();
                      }}
                    />
                    <Button onClick={() => update({ step: 2, idempotencyKey: null })} sx={{ mt: 2 }}>
                      Back
                    </Button>
                  </>
                ) : (
                  <Skeleton variant="rounded" height={260} role="status" aria-label="Loading the price" />
                ))}

              {step === 4 && confirmed && (
                <Box>
                  <Typography variant="h5" component="h2" sx={visuallyHidden}>
                    Confirmation
                  </Typography>
                  <BookingDetails reference={confirmed.reference} email={confirmed.email} headingLevel="h2" />
                  <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 4 }}>
                    <Button variant="contained" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>
                      Back to Home
                    </Button>
                    <Button
                      variant="outlined"
                      onClick={() => {
                        setConfirmed(undefined);
                        restart();
                        navigate('/booking', { replace: true });
                      }}
                    >
                      Book another stay
                    </Button>
                  </Box>
                </Box>
              )}
              <StepShown step={step} onShown={onStepShown} />
            </Suspense>
          </Box>
        </Paper>
        {step < 3 && chosenType && step === 2 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
            {chosenType.name}
            {draft.unitCount > 1 && ` · ${unitsLabel(draft.unitCount)}`} ·{' '}
            {isPerPerson(chosenType) ? (
              `from ${perPersonRate(chosenType)}`
            ) : (
              <>
                from {formatRand(chosenType.baseWeekdayRate)}/night{draft.unitCount > 1 && ' per unit'}
              </>
            )}
          </Typography>
        )}
      </Container>
    </>
  );
}

/** Calls `onShown` when the step's screen is on the page (not while its chunk loads). */
function StepShown({ step, onShown }: { step: BookingStep; onShown: (step: BookingStep) => void }) {
  useEffect(() => onShown(step), [step, onShown]);
  return null;
}

/**
 * While a step's screen loads: a box as tall as the step on a phone, so the page does not
 * jump (nor the footer come into view and go again) when the screen arrives.
 */
/**
 * Draws its children in a transition after mounting: React renders them in slices and lets
 * the browser in between, where the date pickers drawn at once were one long task on a
 * phone while the page had only just appeared. The fallback holds their place meanwhile.
 */
function InSlices({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : fallback;
}

function StepLoading({ step }: { step: BookingStep }) {
  return (
    <Box role="status" aria-label="Loading...">
      <Skeleton variant="rounded" height={step === 0 ? 430 : 260} />
    </Box>
  );
}

import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AccountBalance from '@mui/icons-material/AccountBalance';
import CreditCard from '@mui/icons-material/CreditCard';
import Lock from '@mui/icons-material/Lock';
import type { CalculateRateResponse } from '@shared/contracts/pricing.js';
import { pricingCountsPeople } from '@shared/domain/folio.js';
import type { PublicSettings } from '@shared/contracts/settings.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { formatRand, formatRandToCent, formatStayDate, unitsLabel } from '@shared/format.js';
import { isValidIsoDate, todayInLodge } from '@shared/domain/dates.js';
import { depositPlan } from '@shared/domain/deposits.js';
import { centsToRand, randToCents } from '@shared/domain/money.js';
import { verifyPayment } from '@/features/payments/api/use-verify-payment.js';
import { partyBody, type Party } from '../api/calculate-rate.js';
import { useCreateBooking } from '../api/create-booking.js';
import { useInitializePayment } from '../api/initialize-payment.js';
import type { BookingDraft, ConfirmedBooking } from '../booking-draft.js';
import { BOOKING_FLOW_MESSAGES, PAYMENT_FLOW_MESSAGES } from '../booking-messages.js';
import { loadPaystack, PaystackLoadError } from '@/lib/load-paystack.js';
import { RequestProblem } from './network-notice.js';
import { PriceLine, StaySummary } from './stay-summary.js';
import { NightLines, specialLineLabel } from './night-lines.js';

type CardState = 'idle' | 'processing' | 'success' | 'error' | 'cancel';
interface Problem {
  title: string;
  text: string;
}

/** Step 4: the summary with the total to pay, then EFT booking or card payment. */
export function PaymentStep({
  draft,
  typeName,
  rate,
  party,
  settings,
  onBack,
  onConfirmed,
}: {
  draft: BookingDraft;
  typeName: string;
  rate: CalculateRateResponse;
  /** Who stays, when step 1 asked: sent with the booking, priced by the server. */
  party?: Party;
  settings: PublicSettings;
  onBack: () => void;
  onConfirmed: (confirmed: ConfirmedBooking) => void;
}) {
  const isCard = draft.paymentMethod === 'Card';
  const total = isCard ? rate.cardTotal : rate.totalAmount;
  const b = rate.breakdown;
  const deposit = depositDue(total, draft.checkIn, settings);
  // What this step takes now: the deposit when one applies, else the total.
  const payNow = deposit ? deposit.dueNow : total;

  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        Review and pay
      </Typography>
      {/* A long e-mail address wraps instead of widening a phone's page. */}
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        Booking for {draft.guest.firstName} {draft.guest.lastName} · {draft.guest.email}
      </Typography>
      <StaySummary name={typeName} checkIn={draft.checkIn} checkOut={draft.checkOut} guests={draft.guests} party={party} units={b.unitCount}>
        {b.pricingModel === 'per_person_sharing' && <NightLines breakdown={b} label="Price per night" />}
        <PriceLine
          label={`${b.nightCount} ${b.nightCount === 1 ? 'night' : 'nights'}${b.unitCount ? ` × ${unitsLabel(b.unitCount)}` : ''}`}
          amount={formatRand(b.subtotal)}
        />
        {b.special && b.specialDiscount !== undefined && b.specialDiscount > 0 && (
          <PriceLine label={specialLineLabel(b.special)} amount={formatRand(-b.specialDiscount)} tone="success" />
        )}
        {b.extras?.map((e) => (
          <PriceLine key={e.extraId} label={extraLineLabel(e)} amount={formatRand(e.amount)} />
        ))}
        {b.promoDiscount > 0 && (
          <PriceLine label={`Promo code ${b.promoCode ?? draft.guest.promoCode.trim().toUpperCase()}`} amount={formatRand(-b.promoDiscount)} tone="success" />
        )}
        {isCard && b.cardDiscount > 0 && (
          <PriceLine label={`Card payment discount (${settings.cardPaymentDiscount}%)`} amount={formatRand(-b.cardDiscount)} tone="success" />
        )}
        <PriceLine label="Total" amount={formatRand(total)} strong />
      </StaySummary>
      {deposit && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="deposit-due">
          <Typography sx={{ fontWeight: 600 }}>
            Deposit due now: {formatRandToCent(deposit.dueNow)} ({settings.depositPercent}%)
          </Typography>
          <Typography variant="body2">
            Balance of {formatRandToCent(deposit.balance)} due by {formatStayDate(deposit.balanceDueDate)}
          </Typography>
        </Alert>
      )}

      <Box sx={{ mt: 3 }}>
        {isCard ? (
          <CardPayment draft={draft} party={party} total={total} payNow={payNow} settings={settings} onConfirmed={onConfirmed} />
        ) : (
          <EftBooking draft={draft} party={party} total={total} payNow={payNow} settings={settings} onConfirmed={onConfirmed} />
        )}
      </Box>

      <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mt: 3 }}>
        Back
      </Button>
    </Box>
  );
}

/**
 * The lodge's deposit rule (the server's own, from the public settings) on the quoted total:
 * null when everything is due now (depositPercent 100, or booking inside the balance window).
 */
function depositDue(total: number, checkIn: string, settings: PublicSettings): { dueNow: number; balance: number; balanceDueDate: string } | null {
  if (!isValidIsoDate(checkIn)) return null;
  const totalCents = randToCents(total);
  const plan = depositPlan(totalCents, checkIn, todayInLodge(new Date()), settings);
  if (plan.balanceDueDate === null) return null;
  return { dueNow: centsToRand(plan.dueNowCents), balance: centsToRand(totalCents - plan.dueNowCents), balanceDueDate: plan.balanceDueDate };
}

/** "Morning game drive × 2 (2 guests)": what the guest chose, as priced by the server. */
function extraLineLabel(e: NonNullable<CalculateRateResponse['breakdown']['extras']>[number]): string {
  const times = e.quantity > 1 ? ` × ${e.quantity}` : '';
  const people = pricingCountsPeople(e.pricing) ? `${e.adults} ${e.adults === 1 ? 'guest' : 'guests'}` : '';
  const nights = e.pricing === 'per_night' || e.pricing === 'per_person_per_night' ? `${e.nights} ${e.nights === 1 ? 'night' : 'nights'}` : '';
  const detail = [people, nights].filter(Boolean).join(', ');
  return `${e.name}${times}${detail ? ` (${detail})` : ''}`;
}

/** The chosen extras as the booking requests carry them (left out when none: the request stays as before). */
function extrasOf(draft: BookingDraft) {
  return draft.extras.length ? { extras: draft.extras } : {};
}

function bookingTarget(draft: BookingDraft) {
  if (draft.isPackage) return { packageTypeId: draft.accommodationTypeId ?? undefined };
  return { unitId: draft.unitId ?? undefined, ...(draft.unitCount > 1 ? { unitCount: draft.unitCount } : {}) };
}

function guestData(draft: BookingDraft) {
  const g = draft.guest;
  return { firstName: g.firstName, lastName: g.lastName, email: g.email, phone: g.phone, address: g.address };
}

/** Everything steps 1 to 3 must have given; otherwise the spec's 'Missing Information'. */
function isComplete(draft: BookingDraft): boolean {
  return Boolean(draft.checkIn && draft.checkOut && draft.accommodationTypeId && (draft.isPackage || draft.unitId) && draft.idempotencyKey);
}

function EftBooking({
  draft,
  party,
  total,
  payNow,
  settings,
  onConfirmed,
}: {
  draft: BookingDraft;
  party?: Party;
  total: number;
  /** The deposit when one applies, else the total. */
  payNow: number;
  settings: PublicSettings;
  onConfirmed: (c: ConfirmedBooking) => void;
}) {
  const create = useCreateBooking();
  // A second tap in the same instant, before React re-renders the disabled button, is ignored here.
  const inFlight = useRef(false);
  const [missing, setMissing] = useState(false);

  async function book() {
    if (inFlight.current) return;
    if (!isComplete(draft)) return setMissing(true);
    inFlight.current = true;
    try {
      const booking = await create.mutateAsync({
        idempotencyKey: draft.idempotencyKey!,
        body: {
          ...bookingTarget(draft),
          checkInDate: draft.checkIn,
          checkOutDate: draft.checkOut,
          numberOfGuests: draft.guests,
          ...partyBody(party),
          totalAmount: total,
          paymentMethod: 'EFT',
          specialRequests: draft.guest.specialRequests,
          promoCode: draft.guest.promoCode,
          ...extrasOf(draft),
          guestData: guestData(draft),
        },
      });
      // Booked: a further tap does nothing (the step may stay on screen, hidden, while the
      // confirmation's screen loads), so inFlight stays set.
      // A guest's own booking always carries the address they typed.
      onConfirmed({ reference: booking.reference, email: booking.guestEmail ?? draft.guest.email.trim().toLowerCase(), paymentMethod: 'EFT' });
    } catch {
      // Shown below from create.error; the guest may try again.
      inFlight.current = false;
    }
  }

  return (
    <Stack spacing={2}>
      <Alert severity="info" icon={<AccountBalance />}>
        <AlertTitle>Paying by EFT</AlertTitle>
        Your booking will be held for {settings.eftHoldDurationHours} hours pending manual verification of your payment. Our banking
        details will be sent to you by e-mail, with your booking reference to use as the payment reference.
      </Alert>
      {missing && (
        <Alert severity="error" role="alert">
          <AlertTitle>{BOOKING_FLOW_MESSAGES.missingInformation.title}</AlertTitle>
          {BOOKING_FLOW_MESSAGES.missingInformation.text}
        </Alert>
      )}
      {create.isError &&
        (isNetworkError(create.error) ? (
          <RequestProblem error={create.error} title={BOOKING_FLOW_MESSAGES.bookingFailed.title} needs="Booking" onRetry={() => void book()} />
        ) : (
          <Alert severity="error" role="alert">
            <AlertTitle>{BOOKING_FLOW_MESSAGES.bookingFailed.title}</AlertTitle>
            {serverMessage(create.error) ?? BOOKING_FLOW_MESSAGES.bookingFailed.text}
          </Alert>
        ))}
      <Button
        variant="contained"
        size="large"
        color="primary"
        onClick={() => void book()}
        disabled={create.isPending}
        startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        sx={{ alignSelf: { sm: 'flex-start' }, py: 1.5 }}
      >
        {create.isPending ? 'Booking...' : `Book and pay ${formatRand(payNow)} by EFT`}
      </Button>
    </Stack>
  );
}

function CardPayment({
  draft,
  party,
  total,
  payNow,
  settings,
  onConfirmed,
}: {
  draft: BookingDraft;
  party?: Party;
  total: number;
  /** The deposit when one applies, else the total. */
  payNow: number;
  settings: PublicSettings;
  onConfirmed: (c: ConfirmedBooking) => void;
}) {
  const initialize = useInitializePayment();
  const [state, setState] = useState<CardState>('idle');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [offlineError, setOfflineError] = useState<unknown>(null);
  const inFlight = useRef(false);

  async function pay() {
    if (inFlight.current) return;
    if (!isComplete(draft)) {
      setState('error');
      return setProblem({ title: PAYMENT_FLOW_MESSAGES.failed, text: PAYMENT_FLOW_MESSAGES.missing });
    }
    inFlight.current = true;
    setProblem(null);
    setOfflineError(null);
    setState('processing');
    const fail = (p: Problem, next: CardState = 'error') => {
      setProblem(p);
      setState(next);
      inFlight.current = false;
    };
    try {
      const PaystackPop = await loadPaystack(settings.paystackInlineScriptUrl);
      // The same key on every try: a retry after a lost answer resumes the same transaction.
      const init = await initialize.mutateAsync({
        idempotencyKey: draft.idempotencyKey!,
        body: {
          bookingData: {
            ...bookingTarget(draft),
            checkInDate: draft.checkIn,
            checkOutDate: draft.checkOut,
            numberOfGuests: draft.guests,
            ...partyBody(party),
            totalAmount: total,
            paymentMethod: 'Card',
            specialRequests: draft.guest.specialRequests,
            promoCode: draft.guest.promoCode,
            ...extrasOf(draft),
          },
          guestData: guestData(draft),
        },
      });
      new PaystackPop().resumeTransaction(init.access_code, {
        onSuccess: (transaction) => {
          verifyPayment(transaction.reference || init.reference)
            .then((verified) => {
              setState('success');
              inFlight.current = false;
              onConfirmed({ reference: verified.bookingReference, email: draft.guest.email.trim().toLowerCase(), paymentMethod: 'Card' });
            })
            .catch((err: unknown) => {
              if (isNetworkError(err)) {
                setOfflineError(err);
                setState('error');
                inFlight.current = false;
                return;
              }
              fail({ title: PAYMENT_FLOW_MESSAGES.verificationFailed, text: serverMessage(err) ?? 'Failed to verify payment. Please contact support.' });
            });
        },
        onCancel: () => fail(PAYMENT_FLOW_MESSAGES.cancelled, 'cancel'),
        onError: (error) => fail({ title: PAYMENT_FLOW_MESSAGES.failed, text: error?.message || PAYMENT_FLOW_MESSAGES.initializationFailed }),
      });
    } catch (err) {
      if (err instanceof PaystackLoadError) return fail(PAYMENT_FLOW_MESSAGES.loadFailed);
      if (isNetworkError(err)) {
        setOfflineError(err);
        setState('error');
        inFlight.current = false;
        return;
      }
      if (err instanceof ApiError && err.status === 503) return fail(PAYMENT_FLOW_MESSAGES.notConfigured);
      fail({ title: PAYMENT_FLOW_MESSAGES.initializationFailed, text: serverMessage(err) ?? 'Please try again.' });
    }
  }

  const label =
    state === 'processing' ? 'Processing...' : state === 'success' ? 'Payment successful' : state === 'idle' ? `Pay ${formatRand(payNow)} by card` : `Try again: pay ${formatRand(payNow)}`;

  return (
    <Stack spacing={2}>
      <Alert severity="success" icon={<CreditCard />}>
        <AlertTitle>Paying by card</AlertTitle>
        {settings.cardPaymentDiscount > 0 ? `You save ${settings.cardPaymentDiscount}% by paying by card. ` : ''}
        Your booking is confirmed as soon as the payment goes through. Payments are processed securely by Paystack.
      </Alert>
      {offlineError != null && (
        <RequestProblem error={offlineError} title={PAYMENT_FLOW_MESSAGES.failed} needs="Payment" onRetry={() => void pay()} />
      )}
      {problem && (
        <Alert severity={state === 'cancel' ? 'warning' : 'error'} role="alert">
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.text}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        color="primary"
        onClick={() => void pay()}
        disabled={state === 'processing' || state === 'success'}
        startIcon={state === 'processing' ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Lock />}
        sx={{ alignSelf: { sm: 'flex-start' }, py: 1.5 }}
        data-state={state}
      >
        {label}
      </Button>
    </Stack>
  );
}

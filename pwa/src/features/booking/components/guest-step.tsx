import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { GuestData } from '@shared/contracts/bookings.js';
import { ApiError } from '@/lib/api.js';
import { formatRand } from '@shared/format.js';
import { rateQueryOptions, type Party } from '../api/calculate-rate.js';
import type { ChosenExtra, GuestField, GuestForm, GuestPaymentMethod } from '../booking-draft.js';
import { RequestProblem } from './network-notice.js';
import { ExtrasPicker } from './extras-picker.js';

export interface PaymentChoice {
  method: GuestPaymentMethod;
  label: string;
  detail: string;
}

type Errors = Partial<Record<GuestField, string>>;

/** The spec's messages come from the shared contract (BOOKING_MESSAGES), the same the API answers with. */
export function guestFormErrors(guest: GuestForm): Errors {
  const result = GuestData.safeParse(guest);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as GuestField;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Step 3: who is coming, how they pay, and an optional promo code checked with the server. */
export function GuestStep({
  guest,
  paymentMethod,
  paymentChoices,
  rateArgs,
  guests,
  extras,
  onExtras,
  onChange,
  onPaymentMethod,
  onContinue,
  onBack,
}: {
  guest: GuestForm;
  paymentMethod: GuestPaymentMethod;
  paymentChoices: PaymentChoice[];
  rateArgs: { accommodationTypeId: string; checkIn: string; checkOut: string; unitCount?: number; party?: Party };
  guests: number;
  extras: ChosenExtra[];
  onExtras: (extras: ChosenExtra[]) => void;
  onChange: (patch: Partial<GuestForm>) => void;
  onPaymentMethod: (method: GuestPaymentMethod) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState(false);
  const [promo, setPromo] = useState<{ state: 'idle' | 'checking' | 'ok' | 'bad'; message?: string; discount?: number; code?: string }>({
    state: 'idle',
  });
  const [networkError, setNetworkError] = useState<unknown>(null);
  const errors = submitted ? guestFormErrors(guest) : {};
  const promoCode = guest.promoCode.trim();

  /** Checks the code with /api/calculate-rate; true when it is usable (or empty). */
  async function checkPromo(): Promise<boolean> {
    setNetworkError(null);
    if (!promoCode) {
      setPromo({ state: 'idle' });
      return true;
    }
    setPromo({ state: 'checking' });
    try {
      const rate = await queryClient.fetchQuery(rateQueryOptions({ ...rateArgs, promoCode }));
      setPromo({ state: 'ok', discount: rate.breakdown.promoDiscount, code: promoCode });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        setPromo({ state: 'bad', message: err.fieldErrors.promoCode ?? err.serverMessage ?? 'Promo code not found' });
      } else {
        setPromo({ state: 'idle' });
        setNetworkError(err);
      }
      return false;
    }
  }

  async function submit() {
    setSubmitted(true);
    if (Object.keys(guestFormErrors(guest)).length > 0) {
      focusFirstError();
      return;
    }
    if (promo.state === 'ok' && promo.code === promoCode) return onContinue();
    if (await checkPromo()) onContinue();
  }

  const field = (name: GuestField, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      id={`guest-${name}`}
      name={name}
      label={label}
      value={guest[name]}
      onChange={(e) => {
        onChange({ [name]: e.target.value });
        if (name === 'promoCode') setPromo({ state: 'idle' });
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.helperText ?? ' '}
      {...extra}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="h5" component="h2" gutterBottom>
        Your details
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We send your confirmation to this e-mail address.
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', 'First name', { required: true, autoComplete: 'given-name' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('email', 'Email', { required: true, type: 'email', autoComplete: 'email', inputMode: 'email' } as never)}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}</Grid>
        <Grid size={12}>{field('address', 'Address', { autoComplete: 'street-address' })}</Grid>
        <Grid size={12}>
          {field('specialRequests', 'Special requests', { multiline: true, minRows: 2, helperText: 'Dietary needs, arrival time, celebrations...' })}
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            {field('promoCode', 'Promo code', {
              error: promo.state === 'bad',
              helperText: promo.state === 'bad' ? promo.message : promo.state === 'ok' ? `Promo code applied: ${formatRand(-(promo.discount ?? 0))}` : ' ',
              slotProps: { formHelperText: { sx: promo.state === 'ok' ? { color: 'success.dark', fontWeight: 600 } : undefined } },
            })}
            <Button variant="outlined" onClick={() => void checkPromo()} disabled={!promoCode || promo.state === 'checking'} sx={{ mt: 1, flexShrink: 0 }}>
              {promo.state === 'checking' ? 'Checking...' : 'Apply'}
            </Button>
          </Stack>
        </Grid>
      </Grid>

      <ExtrasPicker
        chosen={extras}
        rateArgs={{ ...rateArgs, promoCode: promo.state === 'ok' ? promo.code : undefined, guests }}
        paymentMethod={paymentMethod}
        onChange={onExtras}
      />

      {networkError != null && (
        <Box sx={{ mb: 2 }}>
          <RequestProblem error={networkError} title="Failed to calculate rates" needs="Checking the promo code" onRetry={() => void checkPromo()} />
        </Box>
      )}

      <FormControl component="fieldset" sx={{ mt: 1, width: '100%' }}>
        <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
          Payment method
        </FormLabel>
        {paymentChoices.length === 0 ? (
          <Alert severity="warning">Online payment is not available at the moment. Please contact the lodge to book.</Alert>
        ) : (
          <RadioGroup name="paymentMethod" value={paymentMethod} onChange={(e) => onPaymentMethod(e.target.value as GuestPaymentMethod)}>
            <Stack spacing={1}>
              {paymentChoices.map((choice) => (
                <Box
                  key={choice.method}
                  sx={{
                    border: 1,
                    borderColor: paymentMethod === choice.method ? 'primary.main' : 'divider',
                    borderRadius: 2,
                    px: 1.5,
                    py: 0.5,
                    bgcolor: paymentMethod === choice.method ? 'rgba(75,90,42,0.06)' : 'transparent',
                  }}
                >
                  <FormControlLabel
                    value={choice.method}
                    control={<Radio />}
                    label={
                      <Box sx={{ py: 0.5 }}>
                        <Typography fontWeight={600}>{choice.label}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {choice.detail}
                        </Typography>
                      </Box>
                    }
                  />
                </Box>
              ))}
            </Stack>
          </RadioGroup>
        )}
      </FormControl>

      <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={paymentChoices.length === 0 || promo.state === 'checking'}>
          Continue to Payment
        </Button>
      </Stack>
    </Box>
  );
}

function focusFirstError() {
  setTimeout(() => {
    const el = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    el?.focus();
  }, 0);
}

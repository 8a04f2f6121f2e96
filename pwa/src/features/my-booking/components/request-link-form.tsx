import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BookingLinkRequest } from '@shared/contracts/guest-bookings.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { useRequestBookingLink } from '../api/guest-booking.js';

type Field = 'reference' | 'email';

/**
 * "Send me a new link": the booking reference and the e-mail it was made with. The answer is
 * the same whether or not they match, so the form only ever says a link may be on its way.
 */
export function RequestLinkForm({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const request = useRequestBookingLink();
  const [values, setValues] = useState<Record<Field, string>>({ reference: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit() {
    const parsed = BookingLinkRequest.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    request.mutate(parsed.data, {
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors as Partial<Record<Field, string>>);
      },
    });
  }

  const field = (name: Field, label: string, extra: { type?: string; autoComplete?: string }) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      required
      fullWidth
      {...extra}
    />
  );

  const failed = request.isError && !(request.error instanceof ApiError && Object.keys(request.error.fieldErrors).length > 0);
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="new-link-heading"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Typography variant="h5" component={headingLevel} id="new-link-heading" gutterBottom>
        Send me a new link
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Enter your booking reference and the e-mail address you booked with. We will e-mail you a link to manage your booking.
      </Typography>
      <Stack spacing={0.5}>
        {field('reference', 'Booking reference', { autoComplete: 'off' })}
        {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      </Stack>
      {request.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {request.data.message}
        </Alert>
      )}
      {failed && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {isNetworkError(request.error)
            ? 'You appear to be offline. Sending a link needs an internet connection; try again when you have signal.'
            : (serverMessage(request.error) ?? 'The link could not be sent. Please try again.')}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={request.isPending}
        startIcon={request.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {request.isPending ? 'Sending...' : 'Send me a new link'}
      </Button>
    </Box>
  );
}

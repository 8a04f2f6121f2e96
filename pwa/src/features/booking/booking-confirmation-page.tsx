import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BOOKING_MESSAGES } from '@shared/contracts/bookings.js';
import { z } from 'zod';
import { loadConfirmed } from './booking-draft.js';
import { BookingDetails } from './components/booking-details.js';

/**
 * /booking-confirmation?reference=[&email=]: a guest's booking, found by its reference AND the
 * guest's e-mail (strangers cannot read bookings by reference alone). The e-mail comes from
 * the URL, from this device's last booking, or is asked for.
 */
export function BookingConfirmationPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference')?.trim() ?? '';
  const saved = loadConfirmed();
  const known = params.get('email') ?? (saved && saved.reference === reference.toUpperCase() ? saved.email : null);
  const [email, setEmail] = useState<string | null>(known);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Paper sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        {!reference ? (
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              Booking Confirmation
            </Typography>
            <Typography color="text.secondary">Open the link in your confirmation e-mail to see your booking.</Typography>
          </Stack>
        ) : email ? (
          <>
            <BookingDetails reference={reference} email={email} headingLevel="h1" />
            <Button onClick={() => setEmail(null)} size="small" sx={{ mt: 2 }}>
              Use another e-mail address
            </Button>
          </>
        ) : (
          <EmailPrompt reference={reference} onEmail={setEmail} />
        )}
        <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to Home
          </Button>
          {/* Paying the balance, proof of an EFT and cancelling live on the guest's own page. */}
          <Button component={RouterLink} to="/my-booking">
            Manage your booking
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}

const EmailSchema = z.string().trim().pipe(z.email(BOOKING_MESSAGES.emailInvalid));

function EmailPrompt({ reference, onEmail }: { reference: string; onEmail: (email: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = EmailSchema.safeParse(value);
        if (!parsed.success) return setError(BOOKING_MESSAGES.emailInvalid);
        onEmail(parsed.data);
      }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        Booking Confirmation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        To see booking <strong>{reference.toUpperCase()}</strong>, enter the e-mail address it was made with.
      </Typography>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        required
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        Show my booking
      </Button>
    </Box>
  );
}

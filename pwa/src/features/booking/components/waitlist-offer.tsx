import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import { WAITLIST_LIMITS, WaitlistContact } from '@shared/contracts/waitlist.js';
import { formatStayDate } from '@shared/format.js';
import { ApiError, serverMessage } from '@/lib/api.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { useJoinWaitlist } from '@/features/waitlist/api/waitlist-api.js';

export const WAITLIST_OFFER = {
  title: 'Nothing is free for your dates',
  text: "Leave your name and e-mail and we'll let you know if a place comes free. We don't hold the dates: the first guest to book them gets them.",
  failed: 'We could not add you to the waitlist. Please try again or call us.',
} as const;

/**
 * Step 2 when no accommodation is free for the stay: the guest leaves a name and an e-mail
 * for the type they want (the stay and the party are the ones they searched for), and is told
 * by e-mail if it comes free (POST /api/waitlist).
 */
export function WaitlistOffer({
  types,
  checkIn,
  checkOut,
  guests,
  preselectedTypeId,
}: {
  types: AccommodationType[];
  checkIn: string;
  checkOut: string;
  guests: number;
  preselectedTypeId: string | null;
}) {
  const join = useJoinWaitlist();
  const form = useZodForm(WaitlistContact, { name: '', email: '' });
  const [typeId, setTypeId] = useState(() => types.find((t) => t.id === preselectedTypeId)?.id ?? types[0]?.id ?? '');
  const chosen = types.find((t) => t.id === typeId);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="waitlist-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 2, borderColor: 'secondary.main' }}>
      <Typography id="waitlist-title" variant="h6" component="h3" gutterBottom>
        {WAITLIST_OFFER.title}
      </Typography>
      {join.isSuccess ? (
        <Alert severity="success" role="status">
          <AlertTitle>You're on the waitlist</AlertTitle>
          {join.data.message}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {chosen?.name} · {formatStayDate(checkIn)} to {formatStayDate(checkOut)} · {guests} {guests === 1 ? 'guest' : 'guests'}
          </Typography>
        </Alert>
      ) : (
        <Stack
          component="form"
          noValidate
          aria-label="Join the waitlist"
          spacing={1}
          onSubmit={form.handleSubmit((contact) => join.mutate({ ...contact, checkIn, checkOut, guests, accommodationTypeId: typeId }))}
        >
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {WAITLIST_OFFER.text}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {formatStayDate(checkIn)} to {formatStayDate(checkOut)} · {guests} {guests === 1 ? 'guest' : 'guests'}
          </Typography>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12 }}>
              <TextField select label="Accommodation" fullWidth value={typeId} onChange={(e) => setTypeId(e.target.value)} helperText=" ">
                {types.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Name" required fullWidth autoComplete="name" slotProps={{ htmlInput: { maxLength: WAITLIST_LIMITS.name } }} {...form.field('name')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Email" required fullWidth type="email" autoComplete="email" {...form.field('email')} />
            </Grid>
          </Grid>
          {join.isError && (
            <Alert severity="error" role="alert">
              {problemOf(join.error)}
            </Alert>
          )}
          <div>
            <Button type="submit" variant="contained" disabled={join.isPending || !typeId}>
              {join.isPending ? 'Joining...' : 'Join the waitlist'}
            </Button>
          </div>
        </Stack>
      )}
    </Paper>
  );
}

/** A field the server refused (its words), else its message, else ours. */
function problemOf(error: unknown): string {
  const field = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
  return field ?? serverMessage(error) ?? WAITLIST_OFFER.failed;
}

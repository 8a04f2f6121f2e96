import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CONTACT_LIMITS, CONTACT_MESSAGES, ContactEnquiryRequest } from '@shared/contracts/contact.js';
import { serverMessage } from '@/lib/api.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { useSendEnquiry } from '../api/use-send-enquiry.js';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };

/** The contact form: validated with the API's own contract, so the messages match. */
export function ContactForm() {
  const send = useSendEnquiry();
  const form = useZodForm(ContactEnquiryRequest, EMPTY);

  if (send.isSuccess) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {send.data.message}
        </Alert>
        <Button variant="outlined" onClick={() => send.reset()}>
          Send another message
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate aria-label="Contact form" spacing={1} onSubmit={form.handleSubmit((data) => send.mutate(data))}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Name" required fullWidth autoComplete="name" slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }} {...form.field('name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Email" required fullWidth type="email" autoComplete="email" {...form.field('email')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Phone (optional)" fullWidth type="tel" autoComplete="tel" {...form.field('phone')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Subject (optional)" fullWidth {...form.field('subject')} />
        </Grid>
      </Grid>
      <TextField
        label="Message"
        required
        multiline
        minRows={5}
        fullWidth
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message } }}
        {...form.field('message')}
      />
      {send.isError && (
        <Alert severity="error" role="alert">
          {serverMessage(send.error) ?? CONTACT_MESSAGES.failed}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" size="large" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </Stack>
  );
}

import type { ComponentProps } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UpdateSettingsRequest, type AdminSettings } from '@shared/contracts/settings.js';
import type { RegisterCheckInRule } from '@shared/contracts/lodger-register.js';
import type { EarlyDepartureCharge } from '@shared/domain/early-departure.js';
import { REGISTER_MAX_RETENTION_MONTHS, REGISTER_MIN_RETENTION_MONTHS } from '@shared/domain/lodger-register.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { refreshAfterSave, updateAdminSettings } from '../api/admin-settings.js';

/** The Lodge tab's fields, checked by the API's own contract (the same messages). */
const LodgeForm = UpdateSettingsRequest.pick({
  lodgeName: true,
  tagline: true,
  shortDescription: true,
  contactEmail: true,
  contactPhone: true,
  whatsappNumber: true,
  address: true,
  directions: true,
  latitude: true,
  longitude: true,
  checkInTime: true,
  checkOutTime: true,
  emergencyMedicalPhone: true,
  emergencyPolicePhone: true,
  registerRetentionMonths: true,
  registerCheckInRule: true,
  earlyDepartureCharge: true,
});
type LodgeFields = keyof typeof LodgeForm.shape;

function lodgeFormValues(s: AdminSettings): Record<LodgeFields, string> {
  return {
    lodgeName: s.lodgeName,
    tagline: s.tagline,
    shortDescription: s.shortDescription ?? '',
    contactEmail: s.contactEmail ?? '',
    contactPhone: s.contactPhone ?? '',
    whatsappNumber: s.whatsappNumber ?? '',
    address: s.address ?? '',
    directions: s.directions ?? '',
    latitude: s.latitude == null ? '' : String(s.latitude),
    longitude: s.longitude == null ? '' : String(s.longitude),
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
    emergencyMedicalPhone: s.emergencyMedicalPhone ?? '',
    emergencyPolicePhone: s.emergencyPolicePhone ?? '',
    registerRetentionMonths: String(s.registerRetentionMonths),
    registerCheckInRule: s.registerCheckInRule,
    earlyDepartureCharge: s.earlyDepartureCharge,
  };
}

/**
 * Lodge Settings' Lodge tab: the lodge's identity (name, contact, place, times, emergency
 * numbers), which the public site, the e-mails, the page titles and the installed app's name
 * read. Its own form (formId, submitted by the page's 'Save Settings'), in the page's view and
 * edit modes like the other tabs. The parent remounts it (key) on Cancel Edit and on a save.
 */
/**
 * A stay time typed as 24-hour HH:MM text. A native time input follows the browser's locale
 * and shows 2:00 PM on an en-US tablet, while the lodge, its e-mails and the chat say 14:00.
 */
function TimeText({ helperText, ...props }: ComponentProps<typeof TextField>) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      helperText={helperText === ' ' ? '24-hour, HH:MM' : helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 5, pattern: '[0-9]{2}:[0-9]{2}' } }}
    />
  );
}

/** The months the register is kept; the law's minimum is the hint until a problem replaces it. */
function RetentionField({ helperText, ...props }: ComponentProps<typeof TextField>) {
  return (
    <TextField
      {...props}
      label="Register retention (months)"
      type="number"
      helperText={helperText === ' ' ? `${REGISTER_MIN_RETENTION_MONTHS} to ${REGISTER_MAX_RETENTION_MONTHS}; the law requires at least ${REGISTER_MIN_RETENTION_MONTHS} months` : helperText}
      slotProps={{ htmlInput: { min: REGISTER_MIN_RETENTION_MONTHS, max: REGISTER_MAX_RETENTION_MONTHS, step: 1 } }}
    />
  );
}

/** What the folio does with released nights; the hint says it in plain words until a problem replaces it. */
function EarlyDepartureField({ helperText, ...props }: ComponentProps<typeof TextField>) {
  const hint =
    props.value === 'full'
      ? 'The guest pays for every night booked, even those released'
      : 'The nights released are taken off the guest’s folio as a credit';
  return (
    <TextField {...props} select label="Nights released at an early check-out" helperText={helperText === ' ' ? hint : helperText}>
      <MenuItem value="none">Credit them on the folio</MenuItem>
      <MenuItem value="full">Keep charging them</MenuItem>
    </TextField>
  );
}

export function LodgeTab({ settings, editing, formId, onSaved }: { settings: AdminSettings; editing: boolean; formId: string; onSaved: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(LodgeForm, lodgeFormValues(settings));
  const save = useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: async (saved) => {
      await refreshAfterSave(queryClient, saved);
      toast({ title: 'Settings Updated', description: 'Lodge settings have been saved successfully!', variant: 'success' });
      onSaved();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? Object.values(err.fieldErrors) : [];
      toast({ title: 'Update Failed', description: fields[0] ?? errorText(err, 'Failed to update settings'), variant: 'destructive' });
    },
  });
  const disabled = !editing || save.isPending;
  // A refused save's field errors show under their fields, as the form's own checks do.
  const serverErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const field = (name: LodgeFields) => {
    const own = form.field(name);
    const server = own.error ? undefined : serverErrors[name];
    return { ...own, disabled, fullWidth: true, ...(server ? { error: true, helperText: server } : {}) };
  };

  return (
    <Box
      component="form"
      id={formId}
      noValidate
      aria-label="Lodge details"
      // The values as typed: the API trims, clears blanks and checks them again.
      onSubmit={form.handleSubmit(() => save.mutate({
          ...form.values,
          registerCheckInRule: form.values.registerCheckInRule as RegisterCheckInRule,
          earlyDepartureCharge: form.values.earlyDepartureCharge as EarlyDepartureCharge,
          version: settings.version,
        }))}
    >
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              Lodge
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              The name, words and contact details guests see on the site, in e-mails and in the installed app
            </Typography>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField label="Lodge Name" required {...field('lodgeName')} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField label="Tagline" required {...field('tagline')} />
              </Grid>
              <Grid size={12}>
                <TextField label="Short Description" multiline minRows={2} {...field('shortDescription')} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField label="Contact E-mail" type="email" autoComplete="off" {...field('contactEmail')} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField label="Contact Phone" type="tel" {...field('contactPhone')} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField label="WhatsApp Number" type="tel" {...field('whatsappNumber')} />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              Location and Stay
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Where the lodge is (the map's centre and marker) and when guests arrive and leave
            </Typography>
            <Grid container columnSpacing={2}>
              <Grid size={12}>
                <TextField label="Physical Address" multiline minRows={2} {...field('address')} />
              </Grid>
              <Grid size={12}>
                <TextField label="Directions" multiline minRows={3} {...field('directions')} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <TextField label="Latitude" inputMode="decimal" placeholder="-24.3412" {...field('latitude')} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <TextField label="Longitude" inputMode="decimal" placeholder="31.3187" {...field('longitude')} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <TimeText label="Check-in Time" placeholder="14:00" {...field('checkInTime')} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <TimeText label="Check-out Time" placeholder="10:00" {...field('checkOutTime')} />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              Emergency Numbers
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Shown to guests on the contact page
            </Typography>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField label="Medical Emergency" type="tel" {...field('emergencyMedicalPhone')} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField label="Police" type="tel" {...field('emergencyPolicePhone')} />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="register-settings-title">
          <CardContent>
            <Typography id="register-settings-title" variant="h6" component="h2">
              Register of Lodgers
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              How long the register is kept after a stay, and whether a guest can be checked in before every adult is registered
            </Typography>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <RetentionField {...field('registerRetentionMonths')} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField select label="Check-in with the register incomplete" {...field('registerCheckInRule')}>
                  <MenuItem value="warn">Allow with a warning</MenuItem>
                  <MenuItem value="refuse">Refuse</MenuItem>
                </TextField>
              </Grid>
            </Grid>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="early-departure-settings-title">
          <CardContent>
            <Typography id="early-departure-settings-title" variant="h6" component="h2">
              Early Departures
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              A guest who leaves before the check-out date: the desk asks whether to release the remaining nights, which can then be booked again at once
            </Typography>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <EarlyDepartureField {...field('earlyDepartureCharge')} />
              </Grid>
            </Grid>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import Save from '@mui/icons-material/Save';
import { PAYSTACK_STATUS_TEXT, SECRET_MASK, type AdminSettings, type PaystackStatus as PaystackStatusValue, type UnbookableTypeDisplay } from '@shared/contracts/settings.js';
import MenuItem from '@mui/material/MenuItem';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { LoadProblem, OfflineNotice } from '@/components/needs-connection.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { formatLodgeDateTime } from '@shared/format.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { useOnline } from '@/offline/hooks.js';
import {
  ADMIN_SETTINGS_KEY,
  refreshAfterSave,
  heroPreviewUrl,
  removeHeroImage,
  testPaystackConnection,
  updateAdminSettings,
  uploadHeroImage,
  useAdminSettings,
} from './api/admin-settings.js';
import { ChatAnswers } from './components/chat-answers.js';
import { LodgeTab } from './components/lodge-tab.js';
import { DepositSettings } from './components/deposit-settings.js';
import {
  SettingsForm,
  checkPolicyRows,
  heroFileProblem,
  policyRowsOf,
  settingsFormValues,
  settingsRequestOf,
  type PolicyRow,
  type SettingsFormValues,
} from './settings-form.js';

type SettingsTab = 'payments' | 'banking' | 'general' | 'appearance' | 'lodge';
const FORM_ID = 'lodge-settings-form';
const LODGE_FORM_ID = 'lodge-identity-form';

/** Lodge Settings (docs/product.md, Lodge Settings): online only, a view mode and an edit mode. */
export function SettingsPage() {
  const settings = useAdminSettings();
  const [editing, setEditing] = useState(false);
  // ?tab=lodge opens the Lodge tab (the dashboard's first-run checklist links there).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<SettingsTab>(params.get('tab') === 'lodge' ? 'lodge' : 'payments');
  const online = useOnline();
  const data = settings.data;

  return (
    <>
      <PageHeader
        title="Lodge Settings"
        subtitle="Configure payment gateway, banking, and operational settings"
        actions={
          data && (
            <>
              <Button
                variant={editing ? 'outlined' : 'contained'}
                startIcon={editing ? <Close /> : <EditOutlined />}
                onClick={() => setEditing((e) => !e)}
                disabled={!editing && !online}
                sx={{ minHeight: 44 }}
              >
                {editing ? 'Cancel Edit' : 'Edit Settings'}
              </Button>
              {editing && <SaveButton form={tab === 'lodge' ? LODGE_FORM_ID : FORM_ID} />}
            </>
          )
        }
      />
      {/* Once loaded: a failed load says the same thing itself. */}
      {data && <OfflineNotice what="Lodge Settings" />}
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : settings.error ? (
        <LoadProblem error={settings.error} what="Lodge Settings" onRetry={() => void settings.refetch()} />
      ) : (
        data && (
          <>
            <Tabs
              value={tab}
              onChange={(_, v: SettingsTab) => setTab(v)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Settings sections"
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="payments" label="Payment Gateway" />
              <Tab value="banking" label="Banking Details" />
              <Tab value="general" label="General Settings" />
              <Tab value="appearance" label="Site Appearance" />
              <Tab value="lodge" label="Lodge" />
            </Tabs>
            {tab === 'lodge' && (
              <LodgeTab key={`lodge-${editing}-${data.version}`} settings={data} editing={editing} formId={LODGE_FORM_ID} onSaved={() => setEditing(false)} />
            )}
            {/* A new key remounts the form: Cancel Edit, or a save, starts again from what is stored. */}
            <SettingsEditor key={`${editing}-${data.version}`} settings={data} editing={editing} tab={tab} onTab={setTab} onSaved={() => setEditing(false)} />
            {tab === 'appearance' && <SiteAppearance settings={data} />}
            {tab === 'lodge' && <ChatAnswers />}
          </>
        )
      )}
    </>
  );
}

function SaveButton({ form }: { form: string }) {
  const online = useOnline();
  return (
    <Button type="submit" form={form} variant="contained" startIcon={<Save />} disabled={!online} sx={{ minHeight: 44 }}>
      Save Settings
    </Button>
  );
}

/** Which tab shows a field: a refused save opens the tab of its first problem. */
const FIELD_TAB: Record<keyof SettingsFormValues, SettingsTab> = {
  paystackPublicKey: 'payments',
  paystackSecretKey: 'payments',
  cardPaymentDiscount: 'payments',
  eftHoldDurationHours: 'payments',
  maxStayNights: 'payments',
  bookingHorizonDays: 'payments',
  bankName: 'banking',
  accountHolder: 'banking',
  accountNumber: 'banking',
  branchCode: 'banking',
  weatherApiKey: 'general',
  mapEmbedCode: 'general',
  legalName: 'general',
  physicalAddress: 'general',
  vatNumber: 'general',
  tourismLevyPercent: 'general',
  depositPercent: 'payments',
  balanceDueDays: 'payments',
  reminderDays: 'payments',
};

function SettingsEditor({
  settings,
  editing,
  tab,
  onTab,
  onSaved,
}: {
  settings: AdminSettings;
  editing: boolean;
  tab: SettingsTab;
  onTab: (tab: SettingsTab) => void;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(SettingsForm, settingsFormValues(settings));
  const firstProblem = (Object.keys(form.errors) as (keyof SettingsFormValues)[])[0];
  useEffect(() => {
    if (firstProblem) onTab(FIELD_TAB[firstProblem]);
    // Only when a new problem appears, not on every tab change.
  }, [firstProblem]);
  const [switches, setSwitches] = useState({ allowCardPayments: settings.allowCardPayments, allowEFTPayments: settings.allowEFTPayments });
  const [unbookableTypeDisplay, setUnbookableTypeDisplay] = useState<UnbookableTypeDisplay>(settings.unbookableTypeDisplay);
  const [vatRegistered, setVatRegistered] = useState(settings.vatRegistered);
  const [policyRows, setPolicyRows] = useState<PolicyRow[]>(() => policyRowsOf(settings.cancellationPolicy));
  // The API's own field problems (a 400), shown under the fields until they are edited.
  const [apiErrors, setApiErrors] = useState<Record<string, string>>({});
  const [policyErrors, setPolicyErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: async (saved) => {
      await refreshAfterSave(queryClient, saved);
      toast({ title: 'Settings Updated', description: 'Lodge settings have been saved successfully!', variant: 'success' });
      onSaved();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setApiErrors(fields);
      if (Object.keys(fields).some((f) => f in FIELD_TAB || f.startsWith('cancellationPolicy'))) onTab('payments');
      toast({ title: 'Update Failed', description: errorText(err, 'Failed to update settings'), variant: 'destructive' });
    },
  });
  const disabled = !editing || save.isPending;
  const field = (name: Parameters<typeof form.field>[0]) => ({ ...form.field(name), disabled, fullWidth: true });
  const withApiError = (name: 'depositPercent' | 'balanceDueDays' | 'reminderDays', help: string) => {
    const own = form.field(name);
    const problem = form.errors[name] ?? apiErrors[name];
    return {
      ...own,
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setApiErrors(({ [name]: _gone, ...rest }) => rest);
        own.onChange(event);
      },
      error: !!problem,
      helperText: problem ?? help,
      disabled,
      fullWidth: true,
    };
  };
  const policyProblems = { ...Object.fromEntries(Object.entries(apiErrors).filter(([k]) => k.startsWith('cancellationPolicy'))), ...policyErrors };
  const changePolicy = (rows: PolicyRow[]) => {
    setPolicyRows(rows);
    setApiErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => !k.startsWith('cancellationPolicy'))));
    // Once a save was refused, the problems follow the typing.
    if (Object.keys(policyErrors).length) {
      const checked = checkPolicyRows(rows);
      setPolicyErrors(checked.ok ? {} : checked.errors);
    }
  };
  const submit = (event: React.FormEvent) => {
    const policy = checkPolicyRows(policyRows);
    setPolicyErrors(policy.ok ? {} : policy.errors);
    form.handleSubmit((values) => {
      if (!policy.ok) {
        onTab('payments');
        return;
      }
      save.mutate({ ...settingsRequestOf(values, switches, settings), unbookableTypeDisplay, vatRegistered, cancellationPolicy: policy.policy });
    })(event);
  };

  return (
    <Box component="form" id={FORM_ID} noValidate onSubmit={submit}>
      {tab === 'payments' && (
        <Section title="Payment Gateway" subtitle="Paystack card payments and EFT">
          <PaystackStatus settings={settings} />
          {settings.showKeysWarning && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Use test keys (pk_test_ and sk_test_) in development and live keys (pk_live_ and sk_live_) only in production.
            </Alert>
          )}
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Paystack Public Key" {...field('paystackPublicKey')} placeholder="pk_test_..." autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SecretField label="Paystack Secret Key" placeholder="sk_test_..." field={field('paystackSecretKey')} />
            </Grid>
          </Grid>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <FormControlLabel
              control={<Switch checked={switches.allowCardPayments} onChange={(e) => setSwitches((s) => ({ ...s, allowCardPayments: e.target.checked }))} disabled={disabled} />}
              label="Card Payments"
            />
            <FormControlLabel
              control={<Switch checked={switches.allowEFTPayments} onChange={(e) => setSwitches((s) => ({ ...s, allowEFTPayments: e.target.checked }))} disabled={disabled} />}
              label="EFT Payments"
            />
          </Stack>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Card Payment Discount (%)" type="number" {...field('cardPaymentDiscount')} slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="EFT Hold Duration (hours)" type="number" {...field('eftHoldDurationHours')} slotProps={{ htmlInput: { min: 1, max: 168, step: 1 } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                label="Maximum Stay for Guests (nights)"
                type="number"
                {...field('maxStayNights')}
                slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                label="Booking Horizon (days ahead)"
                type="number"
                {...field('bookingHorizonDays')}
                slotProps={{ htmlInput: { min: 30, max: 3650, step: 1 } }}
              />
            </Grid>
          </Grid>
          <DepositSettings field={withApiError} rows={policyRows} onRows={changePolicy} errors={policyProblems} disabled={disabled} />
        </Section>
      )}
      {tab === 'banking' && (
        <Section title="Banking Details" subtitle="Used for EFT payments and the guest's payment reference">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Bank Name" {...field('bankName')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Account Holder" {...field('accountHolder')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Account Number" {...field('accountNumber')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Branch Code" {...field('branchCode')} />
            </Grid>
          </Grid>
        </Section>
      )}
      {tab === 'general' && (
        <Section title="General Settings" subtitle="Weather and map on the public site">
          <SecretField label="Weather API Key (optional)" placeholder="OpenWeatherMap key" field={field('weatherApiKey')} />
          <TextField label="Map Embed Code (optional)" {...field('mapEmbedCode')} multiline minRows={4} />
          <TextField
            select
            label="Accommodation types without active units"
            value={unbookableTypeDisplay}
            onChange={(e) => setUnbookableTypeDisplay(e.target.value as UnbookableTypeDisplay)}
            disabled={disabled}
            fullWidth
            helperText="They cannot be booked either way"
            sx={{ mt: 2 }}
          >
            <MenuItem value="coming-soon">Show as "Coming soon"</MenuItem>
            <MenuItem value="hidden">Hide from the public site</MenuItem>
          </TextField>
        </Section>
      )}
      {tab === 'general' && (
        <Box sx={{ mt: 2 }}>
        <Section title="Tax and invoices" subtitle="What every tax invoice and credit note shows">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Legal name" {...field('legalName')} placeholder="e.g. Leadwood Koppie (Pty) Ltd" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Physical address" {...field('physicalAddress')} multiline minRows={2} />
            </Grid>
          </Grid>
          <FormControlLabel
            control={<Switch checked={vatRegistered} onChange={(e) => setVatRegistered(e.target.checked)} disabled={disabled} />}
            label="VAT-registered (invoices read Tax Invoice and show 15% VAT)"
            sx={{ mb: 2 }}
          />
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                label="VAT number"
                {...field('vatNumber')}
                required={vatRegistered}
                inputMode="numeric"
                helperText={form.errors.vatNumber ?? (vatRegistered ? '10 digits starting with 4' : 'Only when VAT-registered')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                label="Tourism levy (%)"
                type="number"
                {...field('tourismLevyPercent')}
                helperText={form.errors.tourismLevyPercent ?? 'TOMSA: 1% of the room rate; 0 for none'}
                slotProps={{ htmlInput: { min: 0, max: 5, step: 0.01 } }}
              />
            </Grid>
          </Grid>
        </Section>
        </Box>
      )}
    </Box>
  );
}

/** A key shown only in its masked form; typing replaces it, emptying it clears it on save. */
function SecretField({ label, placeholder, field }: { label: string; placeholder: string; field: ReturnType<ReturnType<typeof useZodForm>['field']> & { disabled: boolean; fullWidth: boolean } }) {
  const masked = String(field.value).includes(SECRET_MASK);
  return <TextField label={label} placeholder={placeholder} type={masked ? 'text' : 'password'} autoComplete="off" {...field} />;
}

/** Green once the saved key passed Test Connection, amber while it is untested, red when failed or missing. */
const STATUS_COLOURS: Record<PaystackStatusValue, { dot: string; text: string }> = {
  connected: { dot: '#15803d', text: '#166534' },
  untested: { dot: '#b45309', text: '#92400e' },
  failed: { dot: '#b91c1c', text: '#991b1b' },
  not_configured: { dot: '#b91c1c', text: '#991b1b' },
};

function PaystackStatus({ settings }: { settings: AdminSettings }) {
  const { toast } = useToast();
  const online = useOnline();
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: testPaystackConnection,
    onSuccess: (answer) => {
      // The status line follows the answer at once; the settings' version is unchanged (a test is not an edit), so an open form stays as it is.
      queryClient.setQueryData<AdminSettings>(ADMIN_SETTINGS_KEY, (old) =>
        old ? { ...old, paystackStatus: answer.paystackStatus, paystackTestedAt: new Date().toISOString() } : old,
      );
      if (answer.ok) toast({ title: 'Connection Test', description: answer.message || 'Paystack connection test successful!', variant: 'success' });
      else toast({ title: 'Connection Failed', description: answer.message || 'Failed to connect to Paystack', variant: 'destructive' });
    },
    onError: (err) =>
      toast({ title: 'Connection Failed', description: errorText(err, 'Failed to connect to Paystack'), variant: 'destructive' }),
  });
  const configured = settings.paystackSecretKeySet;
  const status = settings.paystackStatus;
  const colours = STATUS_COLOURS[status];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours.dot, flexShrink: 0 }} />
          <Typography data-testid="paystack-status" sx={{ color: colours.text, fontWeight: 600 }}>
            {PAYSTACK_STATUS_TEXT[status]}
          </Typography>
        </Stack>
        {settings.paystackTestedAt && (status === 'connected' || status === 'failed') && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ml: 2.25 }}>
            Tested {formatLodgeDateTime(settings.paystackTestedAt)}
          </Typography>
        )}
      </Box>
      <Button variant="outlined" onClick={() => test.mutate()} disabled={!configured || test.isPending || !online} sx={{ minHeight: 44 }}>
        {test.isPending ? 'Testing...' : 'Test Connection'}
      </Button>
    </Stack>
  );
}

function Section({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The landing page's hero picture: upload one (checked here, and by content on the server) or remove it. */
function SiteAppearance({ settings }: { settings: AdminSettings }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const refresh = async (saved: AdminSettings) => {
    await refreshAfterSave(queryClient, saved);
  };
  const upload = useMutation({
    mutationFn: uploadHeroImage,
    onSuccess: async (saved) => {
      setFile(null);
      toast({ title: 'Upload Successful', description: 'Background image has been updated successfully!', variant: 'success' });
      await refresh(saved);
    },
    onError: (err) => toast({ title: 'Upload Failed', description: errorText(err, 'Failed to upload background image'), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: removeHeroImage,
    onSuccess: async (saved) => {
      setConfirmRemove(false);
      toast({ title: 'Image Removed', description: 'Background image has been removed successfully!', variant: 'success' });
      await refresh(saved);
    },
    onError: (err) => toast({ title: 'Removal Failed', description: errorText(err, 'Failed to remove background image'), variant: 'destructive' }),
  });

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = heroFileProblem(chosen);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    setFile(chosen);
  };

  return (
    <Section title="Site Appearance" subtitle="The landing page's hero background">
      {settings.heroBackgroundImage ? (
        <Box sx={{ position: 'relative', mb: 2, borderRadius: 1, overflow: 'hidden', '&:hover .remove-hero, &:focus-within .remove-hero': { opacity: 1 } }}>
          <Box component="img" src={heroPreviewUrl(settings.heroBackgroundImage)} alt="Current hero background" sx={{ width: '100%', maxHeight: 280, objectFit: 'cover', display: 'block' }} />
          <Button
            className="remove-hero"
            variant="contained"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => setConfirmRemove(true)}
            disabled={!online || remove.isPending}
            sx={{ position: 'absolute', top: 8, right: 8, opacity: { xs: 1, md: 0 }, transition: 'opacity 150ms' }}
          >
            Remove
          </Button>
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No custom background image: the landing page shows the lodge's own picture.
        </Typography>
      )}
      {preview && (
        <Box sx={{ position: 'relative', mb: 2, borderRadius: 1, overflow: 'hidden', outline: '2px dashed', outlineColor: 'primary.main' }}>
          <Box component="img" src={preview} alt="Chosen picture preview" sx={{ width: '100%', maxHeight: 280, objectFit: 'cover', display: 'block' }} />
          <IconButton aria-label="Clear chosen picture" onClick={() => setFile(null)} sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}>
            <Close />
          </IconButton>
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="outlined" startIcon={<PhotoLibrary />} disabled={!online || upload.isPending} sx={{ minHeight: 44 }}>
          Choose Image
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label="Choose Image"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
        )}
        <Button variant="contained" onClick={() => file && upload.mutate(file)} disabled={!file || !online || upload.isPending} sx={{ minHeight: 44 }}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        JPG, PNG or WebP, max 10MB. Recommended 2000x1200px or larger, landscape.
      </Typography>
      <Dialog open={confirmRemove} onClose={() => setConfirmRemove(false)} maxWidth="xs" fullWidth aria-labelledby="remove-hero-title">
        <DialogTitle id="remove-hero-title">Remove Background Image</DialogTitle>
        <DialogContent>
          <DialogContentText>Are you sure you want to remove the custom background image?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRemove(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending || !online}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ID_TYPES,
  REGISTER_MESSAGES,
  RESIDENCE_STATUSES,
  RegisterEntryFields,
  type GuestRegisterEntry,
} from '@shared/contracts/lodger-register.js';
import { countryOptions } from '@shared/domain/countries.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { checkSaIdNumber, type SaIdProblem } from '@shared/domain/sa-id-number.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { useSubmitRegisterEntry } from '../api/guest-register.js';
import { keepIdCopy, keptIdCopy } from '../id-copy-store.js';
import { DRAFT_FIELDS, type CheckInDraft, type DraftField, type DraftValues } from '../check-in-storage.js';
import { IdCopyField, checkIdCopy } from './id-copy-field.js';
import { SignatureField, type SignatureHandle } from '@/components/signature-field.js';

type ErrorField = DraftField | 'signature' | 'idCopy';
type Errors = Partial<Record<ErrorField, string>>;

const SA_ID_MESSAGES: Record<SaIdProblem, string> = {
  format: REGISTER_MESSAGES.saIdFormat,
  date: REGISTER_MESSAGES.saIdDate,
  citizenship: REGISTER_MESSAGES.saIdCitizenship,
  checksum: REGISTER_MESSAGES.saIdChecksum,
};

/**
 * The API's own checks of the typed fields (the shared contract), plus the SA ID number's
 * check told even while other fields are still empty (the contract checks it last).
 */
function checkFields(values: DraftValues): Errors {
  const errors: Errors = {};
  const result = RegisterEntryFields.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (DRAFT_FIELDS as readonly string[]).includes(field) && !(field in errors)) {
        errors[field as DraftField] = issue.message;
      }
    }
  }
  if (values.idType === 'SA ID' && values.idNumber.trim() && !errors.idNumber) {
    const check = checkSaIdNumber(values.idNumber, todayInLodge(new Date()));
    if (!check.ok) errors.idNumber = SA_ID_MESSAGES[check.problem];
  }
  return errors;
}

const ERROR_ORDER: ErrorField[] = [...DRAFT_FIELDS, 'idCopy', 'signature'];
const KNOWN_FIELDS = new Set<string>(ERROR_ORDER);

type Failure = { kind: 'offline' } | { kind: 'server'; message: string };

/**
 * The register form of one adult. What is typed is kept as a draft (with the entry's id) on
 * every change, the ID copy in IndexedDB; the signature is drawn again after a reload. A send that gets no answer keeps everything and
 * offers to try again with the same entry id, so the server writes the entry once.
 */
export function RegisterEntryForm({
  token,
  adultNumber,
  adultsExpected,
  draft,
  disabled = false,
  onDraft,
  onRegistered,
}: {
  token: string;
  adultNumber: number;
  adultsExpected: number;
  draft: CheckInDraft;
  disabled?: boolean;
  /** Keeps what is typed (the form holds its own state: a keystroke re-renders the form only). */
  onDraft: (draft: CheckInDraft) => void;
  onRegistered: (entry: GuestRegisterEntry) => void;
}) {
  const submit = useSubmitRegisterEntry(token);
  const countries = useMemo(() => countryOptions(), []);
  const [values, setValues] = useState(draft.values);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [idCopy, setIdCopy] = useState<File | null>(null);
  const [signed, setSigned] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const signature = useRef<SignatureHandle>(null);

  // The ID copy this draft had before a reload, if this browser could keep it.
  useEffect(() => {
    let live = true;
    void keptIdCopy(draft.entryId).then((kept) => {
      if (live && kept) setIdCopy((chosen) => chosen ?? kept);
    });
    return () => {
      live = false;
    };
  }, [draft.entryId]);
  const formRef = useRef<HTMLFormElement>(null);

  const localErrors = (next: DraftValues, file: File | null, hasSignature: boolean): Errors => {
    const found = checkFields(next);
    const fileProblem = checkIdCopy(file);
    if (fileProblem) found.idCopy = fileProblem;
    if (!hasSignature) found.signature = REGISTER_MESSAGES.signatureRequired;
    return found;
  };

  const set = (name: DraftField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    onDraft({ ...draft, values: next });
    if (submitted) setErrors(localErrors(next, idCopy, signed));
    else if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const focusFirstError = (found: Errors) => {
    const first = ERROR_ORDER.find((f) => found[f]);
    if (!first) return;
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      el?.scrollIntoView?.({ block: 'center' });
      (el?.matches('input, textarea, select') ? el : el?.querySelector<HTMLElement>('input, textarea, select, button'))?.focus({ preventScroll: true });
    });
  };

  async function send() {
    setSubmitted(true);
    setFailure(null);
    const hasSignature = !(signature.current?.isEmpty() ?? true);
    const found = localErrors(values, idCopy, hasSignature);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    const png = await signature.current?.toPng();
    if (!png || !idCopy) {
      const missing: Errors = png ? { idCopy: REGISTER_MESSAGES.idCopyRequired } : { signature: REGISTER_MESSAGES.signatureRequired };
      setErrors(missing);
      return;
    }
    submit.mutate(
      { entryId: draft.entryId, fields: values, signature: png, idCopy },
      {
        onSuccess: (entry) => onRegistered(entry),
        onError: (err) => {
          if (isNetworkError(err)) return setFailure({ kind: 'offline' });
          const fieldErrors: Errors = {};
          if (err instanceof ApiError) {
            for (const [field, message] of Object.entries(err.fieldErrors)) {
              if (KNOWN_FIELDS.has(field)) fieldErrors[field as ErrorField] = message;
            }
            if (err.status === 413 && Object.keys(fieldErrors).length === 0) fieldErrors.idCopy = serverMessage(err) ?? REGISTER_MESSAGES.fileTooLarge;
          }
          setErrors(fieldErrors);
          focusFirstError(fieldErrors);
          setFailure({ kind: 'server', message: serverMessage(err) ?? 'Your details could not be sent. Please try again.' });
        },
      },
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const busy = submit.isPending;
  const off = disabled || busy;
  const text = (name: DraftField) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    disabled: off,
    fullWidth: true,
    required: true,
    slotProps: { htmlInput: { 'data-field': name } },
  });
  const nationality = countries.find((c) => c.code === values.nationality) ?? null;

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="adult-heading">
      <Stack spacing={1}>
        <Typography variant="h5" component="h2" id="adult-heading">
          {adultsExpected > 1 ? `Adult ${adultNumber} of ${adultsExpected}` : 'Your details'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
          As they appear on the ID or passport. Every field is required.
        </Typography>

        <TextField label="Full names" autoComplete="given-name" {...text('fullNames')} />
        <TextField label="Surname" autoComplete="family-name" {...text('surname')} />
        <TextField
          select
          label="ID type"
          {...text('idType')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-field': 'idType' } }}
        >
          <option value="">Choose…</option>
          {ID_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </TextField>
        <TextField
          label="ID or passport number"
          autoComplete="off"
          {...text('idNumber')}
          helperText={errors.idNumber ?? (values.idType === 'SA ID' ? '13 digits' : ' ')}
          slotProps={{ htmlInput: { 'data-field': 'idNumber', inputMode: values.idType === 'SA ID' ? 'numeric' : 'text', spellCheck: false } }}
        />
        <Autocomplete
          options={countries}
          value={nationality}
          onChange={(_, c) => set('nationality', c?.code ?? '')}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          autoHighlight
          disabled={off}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Nationality"
              required
              error={Boolean(errors.nationality)}
              helperText={errors.nationality ?? ' '}
              inputProps={{ ...params.inputProps, 'data-field': 'nationality', autoComplete: 'off' }}
            />
          )}
          noOptionsText="No country by that name"
        />
        <TextField
          select
          label="Residence status in South Africa"
          {...text('residenceStatus')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-field': 'residenceStatus' } }}
        >
          <option value="">Choose…</option>
          {RESIDENCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </TextField>
        <TextField label="Home address" multiline minRows={3} autoComplete="street-address" {...text('homeAddress')} />

        <Box data-field="idCopy">
          <IdCopyField
            file={idCopy}
            error={errors.idCopy}
            disabled={off}
            onChange={(file) => {
              setIdCopy(file);
              const problem = checkIdCopy(file);
              if (!problem && file) void keepIdCopy(draft.entryId, file);
              setErrors(({ idCopy: _, ...rest }) => (problem ? { ...rest, idCopy: problem } : rest));
            }}
          />
        </Box>
        <Box data-field="signature" sx={{ pt: 1 }}>
          <SignatureField
            handle={signature}
            error={errors.signature}
            disabled={off}
            onDrawn={(drawn) => {
              setSigned(drawn);
              if (drawn) setErrors(({ signature: _, ...rest }) => rest);
              else if (submitted) setErrors((e) => ({ ...e, signature: REGISTER_MESSAGES.signatureRequired }));
            }}
          />
        </Box>

        {failure?.kind === 'offline' && (
          <Alert
            severity="warning"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void send()} disabled={busy} sx={{ fontWeight: 700 }}>
                Try again
              </Button>
            }
          >
            <AlertTitle>Not sent: no connection</AlertTitle>
            Your details are kept on this phone. Try again when you have signal.
          </Alert>
        )}
        {failure?.kind === 'server' && (
          <Alert severity="error" role="alert">
            {failure.message}
          </Alert>
        )}

        <Box sx={{ pt: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={off}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            sx={{ minWidth: { xs: '100%', sm: 240 } }}
          >
            {busy ? 'Sending…' : adultsExpected > 1 ? `Submit adult ${adultNumber}` : 'Submit'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

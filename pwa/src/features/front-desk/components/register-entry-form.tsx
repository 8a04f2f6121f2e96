import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  ID_TYPES,
  REGISTER_ATTACHMENT_TYPES,
  REGISTER_MESSAGES,
  RESIDENCE_STATUSES,
  RegisterEntryFields,
  type RegisterEntryFieldsInput,
} from '@shared/contracts/lodger-register.js';
import { SignatureField, type SignatureHandle } from '@/components/signature-field.js';
import { countryOptions } from '@shared/domain/countries.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { checkSaIdNumber, type SaIdProblem } from '@shared/domain/sa-id-number.js';

const SA_ID_MESSAGES: Record<SaIdProblem, string> = {
  format: REGISTER_MESSAGES.saIdFormat,
  date: REGISTER_MESSAGES.saIdDate,
  citizenship: REGISTER_MESSAGES.saIdCitizenship,
  checksum: REGISTER_MESSAGES.saIdChecksum,
};

type FieldName = keyof RegisterEntryFieldsInput | 'signature' | 'idCopy';
export type RegisterFieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: RegisterEntryFieldsInput = {
  fullNames: '',
  surname: '',
  idType: 'SA ID',
  idNumber: '',
  nationality: 'ZA',
  residenceStatus: 'Citizen',
  homeAddress: '',
};

/** The form's checks, in the contract's words (the SA ID number by its date and check digit). */
export function checkRegisterForm(fields: RegisterEntryFieldsInput, files: { signed: boolean; idCopy: Blob | null }): RegisterFieldErrors {
  const errors: RegisterFieldErrors = {};
  const parsed = RegisterEntryFields.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  // The SA ID check on its own too: the contract's runs only once every other field is right.
  if (fields.idType === 'SA ID' && fields.idNumber.trim() && !errors.idNumber) {
    const check = checkSaIdNumber(fields.idNumber, todayInLodge(new Date()));
    if (!check.ok) errors.idNumber = SA_ID_MESSAGES[check.problem];
  }
  if (!files.signed) errors.signature = REGISTER_MESSAGES.signatureRequired;
  if (!files.idCopy) errors.idCopy = REGISTER_MESSAGES.idCopyRequired;
  return errors;
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * One adult's register entry at the desk: the fields, a photo of the ID from the tablet's camera
 * (or a file, a PDF too) and the guest's signature drawn on the screen. `onSave` stores it on
 * the device (works offline); its refusal comes back as words shown above the buttons.
 */
export function RegisterEntryForm({
  onSave,
  onCancel,
}: {
  onSave: (fields: RegisterEntryFieldsInput, files: { signature: Blob; idCopy: Blob }) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState<RegisterEntryFieldsInput>(EMPTY);
  const [idCopy, setIdCopy] = useState<File | null>(null);
  const signature = useRef<SignatureHandle>(null);
  const [errors, setErrors] = useState<RegisterFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const countries = useMemo(() => countryOptions(), []);
  const nationality = countries.find((c) => c.code === fields.nationality) ?? null;

  const set = <K extends keyof RegisterEntryFieldsInput>(key: K, value: RegisterEntryFieldsInput[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const error = !(REGISTER_ATTACHMENT_TYPES as readonly string[]).includes(file.type)
      ? REGISTER_MESSAGES.fileType
      : file.size > 10 * MB
        ? REGISTER_MESSAGES.fileTooLarge
        : undefined;
    setErrors((e) => ({ ...e, idCopy: error }));
    setIdCopy(error ? null : file);
  };

  const save = async () => {
    const found = checkRegisterForm(fields, { signed: !(signature.current?.isEmpty() ?? true), idCopy });
    setErrors(found);
    setRefusal(null);
    if (Object.values(found).some(Boolean) || !idCopy) return;
    setSaving(true);
    try {
      // The PNG is made now, from what the pad holds: see SignatureField.
      const png = await signature.current?.toPng();
      if (!png) return setErrors((e) => ({ ...e, signature: REGISTER_MESSAGES.signatureRequired }));
      setRefusal(await onSave(fields, { signature: png, idCopy }));
    } finally {
      setSaving(false);
    }
  };

  const text = (key: 'fullNames' | 'surname' | 'idNumber', label: string, autoComplete?: string) => (
    <TextField
      label={label}
      required
      fullWidth
      value={fields[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[key]}
      helperText={errors[key]}
      autoComplete={autoComplete ?? 'off'}
    />
  );

  return (
    <Box component="form" noValidate aria-label="Register entry" onSubmit={(e) => (e.preventDefault(), void save())}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('fullNames', 'Full names', 'given-name')}
        {text('surname', 'Surname', 'family-name')}
        <TextField select label="ID type" required value={fields.idType} onChange={(e) => set('idType', e.target.value as RegisterEntryFieldsInput['idType'])}>
          {ID_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="ID or passport number"
          required
          fullWidth
          value={fields.idNumber}
          onChange={(e) => set('idNumber', e.target.value)}
          error={!!errors.idNumber}
          helperText={errors.idNumber ?? (fields.idType === 'SA ID' ? '13 digits' : undefined)}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: fields.idType === 'SA ID' ? 'numeric' : 'text' } }}
        />
        <Autocomplete
          options={countries}
          value={nationality}
          onChange={(_e, option) => set('nationality', option?.code ?? '')}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          renderInput={(params) => <TextField {...params} label="Nationality" required error={!!errors.nationality} helperText={errors.nationality} />}
        />
        <TextField
          select
          label="Residence status"
          required
          value={fields.residenceStatus}
          onChange={(e) => set('residenceStatus', e.target.value as RegisterEntryFieldsInput['residenceStatus'])}
        >
          {RESIDENCE_STATUSES.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Home address"
          required
          fullWidth
          multiline
          minRows={2}
          value={fields.homeAddress}
          onChange={(e) => set('homeAddress', e.target.value)}
          error={!!errors.homeAddress}
          helperText={errors.homeAddress}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>

      <IdCopyField file={idCopy} error={errors.idCopy} onPick={pickFile} />
      <Box sx={{ mt: 2.5 }}>
        <SignatureField
          handle={signature}
          label="Guest’s signature"
          hint="Ask the guest to sign in the box with a finger."
          error={errors.signature}
          disabled={saving}
          onDrawn={(drawn) => {
            if (drawn) setErrors((e) => ({ ...e, signature: undefined }));
          }}
        />
      </Box>

      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} sx={{ minHeight: 48 }}>
          Back
        </Button>
        <Button type="submit" variant="contained" disabled={saving} sx={{ minHeight: 48, minWidth: 160 }}>
          Save to register
        </Button>
      </Stack>
    </Box>
  );
}

/** The ID copy: a photo with the tablet's back camera, or a file (an image or a PDF). */
function IdCopyField({ file, error, onPick }: { file: File | null; error?: string; onPick: (file: File | undefined) => void }) {
  const preview = useMemo(() => (file && file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Copy of the ID or passport
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<PhotoCamera />} sx={{ minHeight: 48 }}>
          Take a photo
          <input hidden type="file" accept="image/*" capture="environment" aria-label="Take a photo of the ID" onChange={(e) => onPick(e.target.files?.[0])} />
        </Button>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} sx={{ minHeight: 48 }}>
          Choose a file
          <input hidden type="file" accept={REGISTER_ATTACHMENT_TYPES.join(',')} aria-label="Choose a file of the ID" onChange={(e) => onPick(e.target.files?.[0])} />
        </Button>
        {file && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {preview && <Box component="img" src={preview} alt="" sx={{ width: 56, height: 40, objectFit: 'cover', borderRadius: 1 }} />}
            <Typography variant="body2" data-testid="id-copy-chosen">
              {file.type === 'application/pdf' ? 'PDF' : 'Photo'} ready ({sizeText(file.size)})
            </Typography>
          </Stack>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FolderOpen from '@mui/icons-material/FolderOpen';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { MAX_REGISTER_FILE_BYTES, REGISTER_ATTACHMENT_TYPES, REGISTER_MESSAGES } from '@shared/contracts/lodger-register.js';

/**
 * The API's checks of an ID copy, told on the phone before a large file goes over a weak
 * signal. The API also reads the file's first bytes and refuses a renamed file in the same words.
 */
export function checkIdCopy(file: File | null): string | null {
  if (!file) return REGISTER_MESSAGES.idCopyRequired;
  if (!(REGISTER_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return REGISTER_MESSAGES.fileType;
  if (file.size > MAX_REGISTER_FILE_BYTES) return REGISTER_MESSAGES.fileTooLarge;
  return null;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A copy of the ID or passport: a photo from the phone's camera, or a file (image or PDF). */
export function IdCopyField({
  file,
  error,
  disabled = false,
  onChange,
}: {
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  const labelId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const picked = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    // The same file picked again must still fire a change.
    input.value = '';
    if (chosen) onChange(chosen);
  };

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" id={labelId} sx={{ fontWeight: 600, p: 0 }}>
        Copy of your ID or passport
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The page with your photo and number: a photo (JPEG, PNG or WebP) or a PDF, at most 10 MB.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" component="label" startIcon={<PhotoCamera />} disabled={disabled} sx={{ minHeight: 48 }}>
          Take a photo
          <input
            type="file"
            hidden
            accept="image/*"
            capture="environment"
            aria-label="Take a photo of your ID"
            onChange={(e) => picked(e.currentTarget)}
          />
        </Button>
        <Button variant="outlined" component="label" startIcon={<FolderOpen />} disabled={disabled} sx={{ minHeight: 48 }}>
          Choose a file
          <input type="file" hidden accept="image/*,application/pdf" aria-label="Choose a file of your ID" onChange={(e) => picked(e.currentTarget)} />
        </Button>
      </Stack>
      {file && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="id-copy-chosen">
          {preview ? (
            <Box component="img" src={preview} alt="Your ID copy" sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
          ) : (
            <PictureAsPdf color="action" sx={{ fontSize: 40, flexShrink: 0 }} aria-hidden />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {sizeText(file.size)}
            </Typography>
          </Box>
        </Stack>
      )}
      <FormHelperText error={Boolean(error)} sx={{ m: 0 }} data-testid="id-copy-error">
        {error ?? ' '}
      </FormHelperText>
    </Stack>
  );
}

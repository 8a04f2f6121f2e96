import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { GUEST_BOOKING_MESSAGES, MAX_UPLOAD_BYTES, type GuestBookingResponse } from '@shared/contracts/guest-bookings.js';
import { formatLodgeDateTime } from '@shared/format.js';
import { isNetworkError, serverMessage } from '@/lib/api.js';
import { useUploadProof } from '../api/guest-booking.js';

const ACCEPTED = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * The same checks the API makes, told before a large file goes over a weak signal. The API
 * also reads the file's first bytes; a renamed file is refused there with the same words.
 */
function checkFile(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return GUEST_BOOKING_MESSAGES.fileType;
  if (file.size > MAX_UPLOAD_BYTES) return GUEST_BOOKING_MESSAGES.fileTooLarge;
  return null;
}

/** Upload proof of an EFT payment (a PDF or a photo of the slip) for the lodge to check. */
export function ProofUpload({ token, booking, disabled }: { token: string; booking: GuestBookingResponse; disabled: boolean }) {
  const upload = useUploadProof(token);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);

  function chosen(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return setError(GUEST_BOOKING_MESSAGES.fileRequired);
    setUploaded(null);
    const problem = checkFile(file);
    if (problem) return setError(problem);
    setError(null);
    upload.mutate(file, {
      onSuccess: (proof) => setUploaded(proof.fileName),
      onError: (err) =>
        setError(
          isNetworkError(err)
            ? 'You appear to be offline. Uploading needs an internet connection; try again when you have signal.'
            : (serverMessage(err) ?? 'The file could not be uploaded. Please try again.'),
        ),
    });
  }

  const proofs = booking.proofs ?? [];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="proof-heading">
      <Typography variant="h6" component="h2" id="proof-heading">
        Upload proof of payment
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Paid by EFT? Upload the bank&apos;s proof of payment (PDF, JPEG or PNG, at most 5 MB) so the lodge can match it to your booking sooner.
      </Typography>
      <Box>
        <Button
          variant="outlined"
          component="label"
          startIcon={upload.isPending ? <CircularProgress size={18} aria-hidden /> : <UploadFile />}
          disabled={disabled || upload.isPending}
        >
          {upload.isPending ? 'Uploading...' : 'Choose file'}
          <input
            ref={input}
            type="file"
            name="file"
            hidden
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            aria-label="Proof of payment file"
            onChange={(e) => chosen(e.target.files?.[0])}
          />
        </Button>
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {uploaded && (
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          Uploaded {uploaded}. The lodge will check it and confirm by e-mail.
        </Alert>
      )}
      {proofs.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Proofs you have uploaded">
          {proofs.map((p) => (
            <Typography component="li" variant="body2" key={`${p.fileName}-${p.uploadedAt}`} sx={{ overflowWrap: 'anywhere' }}>
              {p.fileName}, uploaded {formatLodgeDateTime(p.uploadedAt)}: {p.status === 'checked' ? 'checked by the lodge' : 'waiting for the lodge to check it'}
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { BookingProof } from '@shared/contracts/desk-money.js';
import { formatLodgeDateTime } from '@shared/format.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { useToast } from '@/components/toast/use-toast.js';
import { errorText, needsConnection } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import { proofFileUrl, useBookingProofs, useMarkProofChecked } from './api/payment-proofs.js';

export const PROOFS_NEED_CONNECTION = needsConnection('Proofs of payment');

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const kindLabel = (contentType: string) => (contentType === 'application/pdf' ? 'PDF' : contentType === 'image/png' ? 'PNG image' : 'JPEG image');

/**
 * The proofs of payment a guest sent from their booking link, in the booking's details
 * (every staff member): each opens (downloads) from the server, and "Mark checked" once the
 * money is found on the bank statement, which takes it off the dashboard.
 */
export function BookingProofs({ bookingId }: { bookingId: string }) {
  const online = useOnline();
  const list = useBookingProofs(bookingId, online);
  const mark = useMarkProofChecked(bookingId);
  const { toast } = useToast();

  const onMark = (proof: BookingProof) =>
    mark.mutate(proof.id, {
      onSuccess: () => toast({ title: 'Proof checked', description: proof.fileName, variant: 'success' }),
      onError: (err) => toast({ title: 'Not marked', description: errorText(err, 'Failed to mark the proof as checked', PROOFS_NEED_CONNECTION), variant: 'destructive' }),
    });

  return (
    <Box component="section" aria-labelledby={`proofs-${bookingId}`} sx={{ mt: 3 }}>
      <Typography id={`proofs-${bookingId}`} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Proofs of payment
      </Typography>
      {!online && (
        <Typography variant="body2" sx={{ mb: 1, color: '#7c2d12' }}>
          {PROOFS_NEED_CONNECTION}
        </Typography>
      )}
      {online && list.isPending && <Typography color="text.secondary">Loading proofs of payment...</Typography>}
      {list.isError && <LoadProblem error={list.error} what="The proofs of payment" onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && <Typography color="text.secondary">The guest has not uploaded a proof of payment.</Typography>}
      {list.data && list.data.length > 0 && (
        <Stack component="ul" aria-label="Proofs of payment" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data.map((proof) => (
            <Box
              component="li"
              key={proof.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{proof.fileName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {kindLabel(proof.contentType)}, {sizeLabel(proof.sizeBytes)} · uploaded {formatLodgeDateTime(proof.uploadedAt)}
                </Typography>
                {proof.status === 'checked' && proof.checkedAt && (
                  <Typography variant="body2" color="text.secondary">
                    Checked by {proof.checkedBy ?? 'a former staff member'} on {formatLodgeDateTime(proof.checkedAt)}
                  </Typography>
                )}
              </Box>
              {proof.status === 'checked' ? (
                <Chip size="small" label="Checked" sx={{ bgcolor: '#dcfce7', color: '#14532d' }} />
              ) : (
                <Chip size="small" label="To check" sx={{ bgcolor: '#fef3c7', color: '#78350f' }} />
              )}
              <Link
                href={proofFileUrl(bookingId, proof.id)}
                download={proof.fileName}
                aria-label={`Open ${proof.fileName}`}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}
              >
                <Download fontSize="small" />
                Open
              </Link>
              {proof.status === 'to_check' && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!online || mark.isPending}
                  onClick={() => onMark(proof)}
                  aria-label={`Mark ${proof.fileName} checked`}
                  sx={{ minHeight: 44 }}
                >
                  Mark checked
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { BookingStatus, PaymentStatus } from '@shared/domain/booking-status.js';
import { BookingStatusChip, NotSyncedChip } from '@/components/booking-status-chip.js';

export function PaymentChip({ status }: { status: PaymentStatus }) {
  const paid = status === 'Paid';
  return (
    <Chip
      size="small"
      variant="outlined"
      label={paid ? 'Paid' : `Payment ${status.toLowerCase()}`}
      sx={{ fontWeight: 600, color: paid ? '#2d4a1f' : '#6b4a00', borderColor: paid ? '#9bb58a' : '#d9b25f' }}
    />
  );
}

export function BookingChips({ status, paymentStatus, pendingSync }: { status: BookingStatus; paymentStatus: PaymentStatus; pendingSync: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <BookingStatusChip status={status} />
      <PaymentChip status={paymentStatus} />
      {pendingSync && <NotSyncedChip />}
    </Stack>
  );
}

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CloudUpload from '@mui/icons-material/CloudUpload';
import type { BookingStatus, PaymentStatus } from '@shared/domain/booking-status.js';

const STATUS_COLORS: Record<BookingStatus, { bg: string; fg: string }> = {
  Provisional: { bg: '#efe6d2', fg: '#5a4a22' },
  Confirmed: { bg: '#dbe7d3', fg: '#2d4a1f' },
  'Checked-In': { bg: '#cfe0e6', fg: '#1f4350' },
  'Checked-Out': { bg: '#e4e1dc', fg: '#45423c' },
  Cancelled: { bg: '#f1d6d0', fg: '#6e2518' },
};

export function StatusChip({ status }: { status: BookingStatus }) {
  const c = STATUS_COLORS[status];
  return <Chip size="small" label={status} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 700 }} />;
}

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

/** The mark of an edit made on this device that the server does not have yet. */
export function NotSyncedChip() {
  return (
    <Chip
      size="small"
      icon={<CloudUpload sx={{ fontSize: 16 }} />}
      label="Not synced"
      data-testid="not-synced"
      sx={{ bgcolor: '#fbe9c6', color: '#5a3e00', fontWeight: 700, '& .MuiChip-icon': { color: '#8a5a00' } }}
    />
  );
}

export function BookingChips({ status, paymentStatus, pendingSync }: { status: BookingStatus; paymentStatus: PaymentStatus; pendingSync: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <StatusChip status={status} />
      <PaymentChip status={paymentStatus} />
      {pendingSync && <NotSyncedChip />}
    </Stack>
  );
}

import Chip from '@mui/material/Chip';
import CloudUpload from '@mui/icons-material/CloudUpload';
import type { BookingStatus } from '@shared/domain/booking-status.js';

/**
 * The legend's colours (docs/product.md, Booking Calendar: Confirmed green, Provisional
 * yellow, Checked-In blue, Checked-Out grey, Cancelled red), one place for every screen:
 * chips, the calendar's bars and legend, the bookings table's status select and the front desk.
 * Light fills with dark text of the same hue keep the 4.5:1 contrast of WCAG AA.
 */
export const STATUS_COLOURS: Record<BookingStatus, { bg: string; fg: string; bar: string }> = {
  Confirmed: { bg: '#dcfce7', fg: '#14532d', bar: '#16a34a' },
  Provisional: { bg: '#fef9c3', fg: '#713f12', bar: '#eab308' },
  'Checked-In': { bg: '#dbeafe', fg: '#1e3a8a', bar: '#2563eb' },
  'Checked-Out': { bg: '#e5e7eb', fg: '#1f2937', bar: '#6b7280' },
  Cancelled: { bg: '#fee2e2', fg: '#7f1d1d', bar: '#dc2626' },
};

export function BookingStatusChip({ status, size = 'small' }: { status: BookingStatus; size?: 'small' | 'medium' }) {
  const c = STATUS_COLOURS[status];
  return <Chip label={status} size={size} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600 }} />;
}

/** The "not synced" mark of an edit still in this device's outbox (docs/design.md, Offline sync). */
export function NotSyncedChip() {
  return (
    <Chip
      size="small"
      icon={<CloudUpload sx={{ fontSize: 16 }} />}
      label="Not synced"
      sx={{ bgcolor: '#fbe9c6', color: '#5a3e00', fontWeight: 700, '& .MuiChip-icon': { color: '#8a5a00' } }}
    />
  );
}

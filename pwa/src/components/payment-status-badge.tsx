import Chip from '@mui/material/Chip';
import type { PaymentStatus } from '@shared/domain/booking-status.js';

export interface BadgeColours {
  bg: string;
  fg: string;
}

const GREEN = { bg: '#dcfce7', fg: '#14532d' };
const YELLOW = { bg: '#fef9c3', fg: '#713f12' };
const RED = { bg: '#fee2e2', fg: '#7f1d1d' };
const ORANGE = { bg: '#ffedd5', fg: '#7c2d12' };
const GREY = { bg: '#e5e7eb', fg: '#1f2937' };

/**
 * The payment badge (docs/product.md, Statuses): paid/completed green, pending yellow,
 * failed/refunded red, partial refund orange, anything else grey. Booking payment statuses
 * and ledger row statuses share it; a ledger row's 'success' is Paystack's word for
 * completed. Dark text on a light fill of the same hue keeps 4.5:1 contrast.
 */
export function paymentBadgeColours(status: string | null | undefined): BadgeColours {
  switch ((status ?? 'pending').toLowerCase().replace(/[\s-]+/g, '_')) {
    case 'paid':
    case 'completed':
    case 'success':
      return GREEN;
    case 'pending':
      return YELLOW;
    case 'failed':
    case 'refunded':
      return RED;
    case 'partial_refund':
    case 'partially_refunded':
      return ORANGE;
    default:
      return GREY;
  }
}

/** A missing payment status reads as Pending (docs/product.md, Statuses). */
export const paymentStatusLabel = (status: PaymentStatus | null | undefined): PaymentStatus => status ?? 'Pending';

/**
 * A payment status (a booking's, or a ledger row's) as the badge every screen shows. In a
 * table, `wrap` lets a two-word status ("Deposit Paid", "Partially Refunded") take two lines
 * rather than push the row's actions off a tablet's screen.
 */
export function PaymentStatusBadge({ status, wrap = false }: { status: string; wrap?: boolean }) {
  const c = paymentBadgeColours(status);
  const wrapping = wrap ? { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } } : {};
  return <Chip size="small" label={status} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600, ...wrapping }} />;
}

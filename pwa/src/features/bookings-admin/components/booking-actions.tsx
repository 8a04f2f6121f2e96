import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Visibility from '@mui/icons-material/Visibility';
import type { Booking } from '@shared/contracts/bookings.js';
import type { Role } from '@shared/roles.js';
import type { DeskBooking } from '@/offline/queries.js';
import { NEEDS_CONNECTION } from '@/lib/api.js';
import { shortId } from '../bookings-list.js';

/** What a booking's row or card gets: the booking, who is looking, and what its buttons do. */
export interface BookingItemProps {
  booking: DeskBooking;
  role: Role | null;
  canDelete: boolean;
  online: boolean;
  onView: (b: Booking) => void;
  onEdit: (b: DeskBooking) => void;
  onDelete: (b: Booking) => void;
}

/** View, edit and (for those allowed, online) delete: the same buttons on a row and a card. */
export function BookingActions({ booking, canDelete, online, onView, onEdit, onDelete }: Omit<BookingItemProps, 'role'>) {
  return (
    <>
      <Tooltip title="View details">
        <IconButton aria-label={`View booking ${shortId(booking.id)}`} onClick={() => onView(booking)}>
          <Visibility />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit booking">
        <IconButton aria-label={`Edit booking ${shortId(booking.id)}`} onClick={() => onEdit(booking)}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      {canDelete && (
        <Tooltip title={online ? 'Delete booking' : NEEDS_CONNECTION}>
          <span>
            <IconButton aria-label={`Delete booking ${shortId(booking.id)}`} onClick={() => onDelete(booking)} disabled={!online} sx={{ color: '#b91c1c' }}>
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}

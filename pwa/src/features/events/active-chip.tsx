import Chip from '@mui/material/Chip';

/** An event's Active or Inactive badge (the card and the ticket-types dialog). */
export function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      label={active ? 'Active' : 'Inactive'}
      sx={{ fontWeight: 600, bgcolor: active ? '#dcfce7' : '#f3f4f6', color: active ? '#14532d' : '#374151' }}
    />
  );
}

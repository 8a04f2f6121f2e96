import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortDir, SortKey } from '../bookings-list.js';

/** A column header that sorts by its key, ascending first, then the other way. */
export function SortHead({ label, k, sort, onSort }: { label: string; k: SortKey; sort: { key: SortKey; dir: SortDir }; onSort: (k: SortKey) => void }) {
  const active = sort.key === k;
  return (
    <TableCell sortDirection={active ? sort.dir : false}>
      <TableSortLabel active={active} direction={active ? sort.dir : 'asc'} onClick={() => onSort(k)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/**
 * The search box and one select above a back-office list (bookings, payments): side by side
 * from the small breakpoint, stacked on a phone. Either change is a new list, so the caller
 * goes back to its first page in onSearch / onFilter.
 */
export function ListFilters<V extends string>({
  search,
  onSearch,
  searchPlaceholder,
  filterLabel,
  filter,
  onFilter,
  options,
  filterWidth,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  filterLabel: string;
  filter: V;
  onFilter: (value: V) => void;
  options: readonly FilterOption<V>[];
  filterWidth: number;
  /** More controls at the end of the row (e.g. Export CSV). */
  children?: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        label="Search"
        placeholder={searchPlaceholder}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ flex: { sm: '1 1 260px' } }}
      />
      <TextField
        select
        label={filterLabel}
        value={filter}
        onChange={(e) => onFilter(e.target.value as V)}
        sx={{ flex: { sm: `0 0 ${filterWidth}px` } }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {children}
    </Stack>
  );
}

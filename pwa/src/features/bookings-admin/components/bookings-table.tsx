import { useRef, type ReactNode } from 'react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DeskBooking } from '@/offline/queries.js';
import type { SortDir, SortKey } from '../bookings-list.js';
import type { BookingItemProps } from './booking-actions.js';
import { BookingRow } from './booking-row.js';
import { SortHead } from './sort-head.js';

/** Longer lists scroll inside the card with only the rows in view drawn. */
export const WINDOW_FROM = 100;
/** A booking row (two lines of guest, the status select, chips) until one has been measured. */
export const ROW_HEIGHT_ESTIMATE = 61;
/** Rows drawn beyond each edge of the box, so a fast flick does not show blank space. */
export const OVERSCAN = 8;

type ItemProps = Omit<BookingItemProps, 'booking'>;

/**
 * The unit bookings' table, sortable by its headers. Above WINDOW_FROM rows (the All page
 * size) it scrolls inside its card and only the rows in view, and OVERSCAN either side, are
 * in the DOM (@tanstack/react-virtual, measuring each drawn row), so thousands of bookings
 * scroll as smoothly as twenty-five. The rows left out are two spacer rows, so the table
 * stays a table (rows in a tbody, no absolute positioning) and the scrollbar is true.
 */
export function BookingsTable({
  rows,
  sort,
  onSort,
  itemProps,
  footer,
}: {
  rows: readonly DeskBooking[];
  sort: { key: SortKey; dir: SortDir };
  onSort: (key: SortKey) => void;
  itemProps: ItemProps;
  footer: ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const lastRowHeight = useRef(ROW_HEIGHT_ESTIMATE);
  const windowed = rows.length > WINDOW_FROM;
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: windowed,
    getScrollElement: () => boxRef.current,
    // Rows not drawn yet are taken to be as tall as the last one measured, not a fixed guess:
    // the rows are all alike, so the scrollbar is right from the first rows drawn instead of
    // drifting as each screenful is measured (a fixed 61 px estimate against 53 px rows moved
    // the end of a 450-row list by 3,600 px while scrolling).
    estimateSize: () => lastRowHeight.current,
    measureElement: (row, entry, instance) => {
      const height = measureElement(row, entry, instance);
      if (height > 0) lastRowHeight.current = height;
      return height;
    },
    overscan: OVERSCAN,
    // Measured heights follow the booking, not its place, when the list is sorted or filtered.
    getItemKey: (index) => rows[index].id,
  });

  const items = windowed ? virtualizer.getVirtualItems() : [];
  const drawn = windowed ? items.map((item) => ({ booking: rows[item.index], index: item.index })) : rows.map((booking, index) => ({ booking, index }));
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <Card variant="outlined" component="section" aria-label="Bookings" sx={{ mb: 3 }}>
      <TableContainer ref={boxRef} data-testid="bookings-scroll" sx={windowed ? { maxHeight: '70vh', overflowY: 'auto' } : undefined}>
        <Table size="small" stickyHeader={windowed} sx={{ minWidth: 860, '& td, & th': { px: { md: 0.75, xl: 1 } } }}>
          <TableHead>
            <TableRow>
              <SortHead label="Booking ID" k="id" sort={sort} onSort={onSort} />
              <SortHead label="Guest" k="guestName" sort={sort} onSort={onSort} />
              <SortHead label="Unit" k="unitName" sort={sort} onSort={onSort} />
              <SortHead label="Dates" k="checkInDate" sort={sort} onSort={onSort} />
              <SortHead label="Total" k="totalAmount" sort={sort} onSort={onSort} />
              <SortHead label="Status" k="status" sort={sort} onSort={onSort} />
              <TableCell>Payment</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    No bookings found.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {padTop > 0 && <TableRow aria-hidden sx={{ height: padTop }} />}
            {drawn.map(({ booking, index }) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                {...itemProps}
                index={windowed ? index : undefined}
                measureRef={windowed ? virtualizer.measureElement : undefined}
              />
            ))}
            {padBottom > 0 && <TableRow aria-hidden sx={{ height: padBottom }} />}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Card>
  );
}

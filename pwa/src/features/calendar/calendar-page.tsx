import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import { stayLabel } from '@shared/domain/booking-channel.js';
import { addDays, isValidIsoDate, todayInLodge } from '@shared/domain/dates.js';
import { isBlockingStatus } from '@shared/domain/booking-status.js';
import { useAccommodationTypes, useBookings, useOnline, useUnits } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { PageHeader } from '@/components/page-header.js';
import { DateField } from '@/components/date-field.js';
import { FigureCard, GUEST_SATISFACTION } from '@/components/figure-card.js';
import { LoadingState } from '@/components/loading-state.js';
import { STATUS_COLOURS } from '@/components/booking-status-chip.js';
import { formatDayOfMonth, formatMonthDay, formatRand, formatWeekdayShort } from '@shared/format.js';
import { BookingDetailsDialog } from '@/components/booking-details-dialog.js';
import { WINDOW_DAYS, calendarSummary, findConflicts, splitLinks, typeRows, windowDays, windowEnd, windowTitle, type SplitLink, type TypeRow } from './calendar-grid.js';
import { MOVE_OFFLINE, MoveBookingDialog } from '@/components/move-booking-dialog.js';

/** The mark every segment of one split stay carries, so the segments read as one stay. */
const SPLIT_MARK = '#7c3aed';

/** The spec's legend order. */
const LEGEND_ORDER: BookingStatus[] = ['Confirmed', 'Provisional', 'Checked-In', 'Checked-Out', 'Cancelled'];
const FIRST_COL = { xs: 132, sm: 168 };
const DAY_MIN = 52;
const LANE_HEIGHT = 34;

/**
 * The 14-day booking calendar (docs/product.md, Booking Calendar), drawn from this device's
 * store so it works offline. A CSS grid: the first column sticks while the days scroll
 * sideways on a narrow screen; bars are buttons spanning the nights they hold.
 */
export function CalendarPage() {
  const today = todayInLodge(new Date());
  const [start, setStart] = useState(today);
  const [openTypes, setOpenTypes] = useState<Record<string, boolean>>({});
  const [selected, setSelected] = useState<DeskBooking | null>(null);
  const [moving, setMoving] = useState<DeskBooking | null>(null);
  const online = useOnline();

  const bookings = useBookings({ from: start, to: windowEnd(start) });
  const todays = useBookings({ from: today, to: today });
  const units = useUnits();
  const types = useAccommodationTypes();

  const rows = useMemo(() => (bookings && units && types ? typeRows(types, units, bookings, start) : undefined), [bookings, units, types, start]);
  const conflicts = useMemo(() => (bookings ? findConflicts(bookings) : undefined), [bookings]);
  const links = useMemo(() => (bookings ? splitLinks(bookings) : new Map<string, SplitLink>()), [bookings]);
  // A split stay's segment opens as its stay (the guest, the money, the reference), its units listed.
  const stayOf = (b: DeskBooking) => (b.parentBookingId ? (bookings?.find((p) => p.id === b.parentBookingId) ?? b) : b);
  const shown = selected ? stayOf(selected) : null;
  const segmentNames = shown?.isSplitStay
    ? (bookings ?? [])
        .filter((b) => b.parentBookingId === shown.id && b.status !== 'Cancelled')
        .sort((a, b) => a.checkInDate.localeCompare(b.checkInDate))
        .map((b) => `${b.unitName} (${formatMonthDay(b.checkInDate)} – ${formatMonthDay(b.checkOutDate)})`)
    : undefined;
  // A stay on one unit or a split stay's segment, both still live (not a part the guest has
  // left): an entire-lodge or group unit is not moved.
  const movable = !!selected && isBlockingStatus(shown!.status) && isBlockingStatus(selected.status) && selected.unitId !== null && (!selected.parentBookingId || !!shown!.isSplitStay);
  const summary = useMemo(() => (rows && todays ? calendarSummary(rows, todays, today) : undefined), [rows, todays, today]);
  const days = windowDays(start);

  return (
    <>
      <PageHeader
        title="Booking Calendar"
        subtitle="Two weeks of bookings across every unit"
        actions={
          <Button component={RouterLink} to="/admin/bookings?action=new" variant="contained" startIcon={<AddCircleOutline />} sx={{ minHeight: 44 }}>
            New Booking
          </Button>
        }
      />

      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <IconButton aria-label="Previous 14 days" onClick={() => setStart(addDays(start, -WINDOW_DAYS))} sx={{ border: 1, borderColor: 'divider' }}>
          <ChevronLeft />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ minWidth: { sm: 230 }, textAlign: 'center' }}>
          {windowTitle(start)}
        </Typography>
        <IconButton aria-label="Next 14 days" onClick={() => setStart(addDays(start, WINDOW_DAYS))} sx={{ border: 1, borderColor: 'divider' }}>
          <ChevronRight />
        </IconButton>
        <DateField size="small" label="Start date" value={start} onChange={(iso) => isValidIsoDate(iso) && setStart(iso)} sx={{ width: 180 }} />
        <Button variant="outlined" onClick={() => setStart(today)} sx={{ minHeight: 40 }}>
          Today
        </Button>
      </Stack>

      {conflicts && conflicts.bookingCount > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Booking conflict: {conflicts.bookingCount} bookings overlap on {conflicts.unitNames.join(', ')}.
        </Alert>
      )}

      <Legend />

      {!rows ? (
        <LoadingState label="Loading calendar data..." />
      ) : rows.length === 0 ? (
        <Alert severity="info">No active accommodation types with units on this device yet.</Alert>
      ) : (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <Box sx={{ overflowX: 'auto' }} data-testid="calendar-scroll">
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: `${FIRST_COL.xs}px repeat(${WINDOW_DAYS}, minmax(${DAY_MIN}px, 1fr))`, sm: `${FIRST_COL.sm}px repeat(${WINDOW_DAYS}, minmax(${DAY_MIN}px, 1fr))` },
                minWidth: { xs: FIRST_COL.xs + WINDOW_DAYS * DAY_MIN, sm: FIRST_COL.sm + WINDOW_DAYS * DAY_MIN },
              }}
            >
              <Box sx={{ ...stickyCell, borderBottom: 1, borderColor: 'divider', p: 1, fontWeight: 700, fontSize: { xs: 13, sm: 16 }, overflowWrap: 'break-word', display: 'flex', alignItems: 'center' }}>Accommodation</Box>
              {days.map((d) => (
                <Box
                  key={d}
                  sx={{
                    textAlign: 'center',
                    p: 0.5,
                    borderBottom: 1,
                    borderLeft: 1,
                    borderColor: 'divider',
                    bgcolor: d === today ? '#ecfdf5' : undefined,
                  }}
                >
                  <Typography variant="caption" component="div" color="text.secondary">
                    {formatWeekdayShort(d)}
                  </Typography>
                  <Typography variant="body2" component="div" sx={{ fontWeight: 700 }}>
                    {formatDayOfMonth(d)}
                  </Typography>
                </Box>
              ))}
              {rows.map((row) => (
                <TypeRowView
                  key={row.type.id}
                  row={row}
                  open={openTypes[row.type.id] ?? true}
                  onToggle={() => setOpenTypes({ ...openTypes, [row.type.id]: !(openTypes[row.type.id] ?? true) })}
                  onSelect={setSelected}
                  links={links}
                />
              ))}
            </Box>
          </Box>
        </Card>
      )}

      {summary && (
        <Grid container spacing={2} component="section" aria-label="Summary" sx={{ mb: 3 }}>
          <FigureCard heading="h3" title="Occupancy Rate" value={summary.occupancyPercent === null ? '–' : `${summary.occupancyPercent}%`} caption="Unit-nights booked in these 14 days" />
          <FigureCard heading="h3" title="Guest Satisfaction" value={GUEST_SATISFACTION} caption="Average guest rating" />
          <FigureCard heading="h3" title="Today's Revenue" value={formatRand(summary.todaysRevenue)} caption="Bookings checking in today" />
          <FigureCard heading="h3" title="Check-ins Today" value={String(summary.checkInsToday)} caption={formatMonthDay(today)} />
        </Grid>
      )}

      <Card component="section" aria-label="How to use the calendar">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            How to use the calendar
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
            <li>Each accommodation type shows booked/total units per night; tap its name to show or hide its units.</li>
            <li>Each bar is a booking across the nights it holds, coloured by its status; tap it for the details, or to move the guest to another unit.</li>
            <li>A stay split over two units (a room move) shows on both, outlined in purple and joined by an arrow naming the unit it continues in.</li>
            <li>Use the arrows to move two weeks at a time, or pick a start date.</li>
            <li>&apos;New Booking&apos; opens the booking form (it needs a connection).</li>
          </Box>
        </CardContent>
      </Card>

      <BookingDetailsDialog
        booking={shown}
        onClose={() => setSelected(null)}
        unitNames={segmentNames}
        actions={
          movable && (
            <Button onClick={() => {
                setMoving(selected);
                setSelected(null);
              }} disabled={!online} title={online ? undefined : MOVE_OFFLINE}>
              {selected!.parentBookingId ? 'Move this part' : 'Move'}
            </Button>
          )
        }
      />
      <MoveBookingDialog booking={moving} onClose={() => setMoving(null)} />
    </>
  );
}

const stickyCell = { position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider' } as const;

function TypeRowView({
  row,
  open,
  onToggle,
  onSelect,
  links,
}: {
  row: TypeRow<DeskBooking>;
  open: boolean;
  onToggle: () => void;
  onSelect: (b: DeskBooking) => void;
  links: ReadonlyMap<string, SplitLink>;
}) {
  return (
    <>
      <Box sx={{ ...stickyCell, borderBottom: 1, borderColor: 'divider', bgcolor: '#f8fafc' }}>
        <Button
          onClick={onToggle}
          aria-expanded={open}
          endIcon={open ? <ExpandLess /> : <ExpandMore />}
          sx={{ width: '100%', minWidth: 0, minHeight: 44, px: { xs: 1, sm: 2 }, justifyContent: 'space-between', textAlign: 'left', color: 'text.primary', fontWeight: 700, fontSize: { xs: 13, sm: 15 }, textTransform: 'none', overflowWrap: 'break-word', '& .MuiButton-endIcon': { ml: 0.5, mr: 0 } }}
        >
          {row.type.name}
        </Button>
      </Box>
      {row.booked.map((n, i) => (
        <Box
          key={i}
          data-testid={`count-${row.type.id}-${i}`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderBottom: 1,
            borderLeft: 1,
            borderColor: 'divider',
            bgcolor: n >= row.total ? '#fee2e2' : '#f8fafc',
            fontSize: 14,
            fontWeight: 600,
          }}
        >
          {n}/{row.total}
        </Box>
      ))}
      {open &&
        row.units.map(({ unit, bars, lanes }) => (
          <Box key={unit.id} sx={{ display: 'contents' }}>
            <Box sx={{ ...stickyCell, borderBottom: 1, borderColor: 'divider', p: 1, pl: 2, display: 'flex', alignItems: 'center' }}>
              <Typography variant="body2">{unit.name}</Typography>
            </Box>
            <Box
              role="group"
              aria-label={`${unit.name} bookings`}
              sx={{
                gridColumn: `2 / span ${WINDOW_DAYS}`,
                display: 'grid',
                gridTemplateColumns: `repeat(${WINDOW_DAYS}, minmax(0, 1fr))`,
                gridTemplateRows: `repeat(${lanes}, ${LANE_HEIGHT}px)`,
                rowGap: 0.5,
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
                backgroundImage: `repeating-linear-gradient(to right, transparent 0, transparent calc(100% / ${WINDOW_DAYS} - 1px), #e5e7eb calc(100% / ${WINDOW_DAYS} - 1px), #e5e7eb calc(100% / ${WINDOW_DAYS}))`,
              }}
            >
              {bars.map((bar) => {
                const c = STATUS_COLOURS[bar.booking.status];
                const link = links.get(bar.booking.id);
                const joined = link
                  ? `, split stay ${link.reference} part ${link.part} of ${link.parts}${link.previousUnit ? `, continued from ${link.previousUnit}` : ''}${link.nextUnit ? `, continues in ${link.nextUnit}` : ''}`
                  : '';
                return (
                  <Box
                    key={bar.booking.id}
                    component="button"
                    type="button"
                    onClick={() => onSelect(bar.booking)}
                    aria-label={`${stayLabel(bar.booking)}, ${bar.booking.status}, ${formatMonthDay(bar.booking.checkInDate)} to ${formatMonthDay(bar.booking.checkOutDate)}${joined}`}
                    data-testid={link ? 'split-segment' : 'booking-bar'}
                    title={link ? `${stayLabel(bar.booking)}${joined}` : undefined}
                    sx={{
                      gridColumn: `${bar.startCol + 1} / span ${bar.span}`,
                      gridRow: bar.lane + 1,
                      mx: 0.25,
                      px: 1,
                      border: 0,
                      borderLeft: `4px solid ${c.bar}`,
                      borderRadius: bar.continuesBefore ? '0 6px 6px 0' : bar.continuesAfter ? '6px 0 0 6px' : '6px',
                      bgcolor: c.bg,
                      color: c.fg,
                      font: 'inherit',
                      fontSize: 13,
                      fontWeight: 600,
                      textAlign: 'left',
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                      textOverflow: 'ellipsis',
                      cursor: 'pointer',
                      '&:focus-visible': { outline: '3px solid #1d4ed8', outlineOffset: 1 },
                      // The segments of one split stay: one purple outline, the joins open.
                      ...(link
                        ? {
                            boxShadow: `inset 0 0 0 2px ${SPLIT_MARK}`,
                            borderTopRightRadius: link.nextUnit ? 0 : undefined,
                            borderBottomRightRadius: link.nextUnit ? 0 : undefined,
                          }
                        : {}),
                    }}
                  >
                    {link ? (
                      // Name and join share a short bar: both give way (ellipsis), neither vanishes.
                      <Box component="span" sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                        {link.previousUnit && (
                          <Box component="span" aria-hidden sx={{ color: SPLIT_MARK, mr: 0.5, flexShrink: 0 }}>
                            ↳
                          </Box>
                        )}
                        <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {stayLabel(bar.booking)}
                        </Box>
                        {link.nextUnit && (
                          <Box component="span" aria-hidden data-testid="continues-in" sx={{ color: SPLIT_MARK, ml: 0.5, fontWeight: 700, minWidth: '1.5em', flexShrink: 0.5, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                            → {link.nextUnit}
                          </Box>
                        )}
                      </Box>
                    ) : (
                      stayLabel(bar.booking)
                    )}
                  </Box>
                );
              })}
            </Box>
          </Box>
        ))}
    </>
  );
}

function Legend() {
  return (
    <Stack direction="row" spacing={2} useFlexGap component="ul" aria-label="Status colours" sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {LEGEND_ORDER.map((s) => (
        <Box component="li" key={s} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: STATUS_COLOURS[s].bar }} aria-hidden />
          <Typography variant="body2">{s}</Typography>
        </Box>
      ))}
    </Stack>
  );
}


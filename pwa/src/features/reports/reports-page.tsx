import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { ReportFigures } from '@shared/contracts/reports.js';
import { formatMonthDay, formatMonthDayYear } from '@shared/format.js';
import { DateField } from '@/components/date-field.js';
import { FigureCard } from '@/components/figure-card.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { LoadingState } from '@/components/loading-state.js';
import { PageHeader } from '@/components/page-header.js';
import { needsConnection } from '@/lib/api.js';
import { downloadCsv, toCsv } from '@/lib/csv.js';
import { useOnline } from '@/offline/hooks.js';
import { useReportSeries, useReportSummary } from './api/reports-api.js';
import { REPORT_PRESETS, presetRange, type DateRange, type ReportPreset } from './report-range.js';
import {
  FIGURES,
  cellText,
  changeText,
  csvCell,
  figureText,
  groupTable,
  nationalityTable,
  occupancyTable,
  paceTable,
  revenueByMonthTable,
  type ReportTable,
} from './report-tables.js';

const OccupancyLine = lazy(() => import('./report-charts.js').then((m) => ({ default: m.OccupancyLine })));
const RevenueBars = lazy(() => import('./report-charts.js').then((m) => ({ default: m.RevenueBars })));
const GroupBars = lazy(() => import('./report-charts.js').then((m) => ({ default: m.GroupBars })));
const PaceBars = lazy(() => import('./report-charts.js').then((m) => ({ default: m.PaceBars })));

const REPORTS_NEED_CONNECTION = needsConnection('The report');

/**
 * The owner's reports (SuperAdmin, Manager; docs/product.md, Reports): a range (presets or
 * custom) and, if asked, the same period last year; the figure cards with their change; the
 * charts, each with its table and its CSV (the same rows). Every number comes from the API,
 * which computes it with shared/domain/reports.ts.
 */
export function ReportsPage() {
  const online = useOnline();
  const [preset, setPreset] = useState<ReportPreset>('this-month');
  const [custom, setCustom] = useState<DateRange>(() => presetRange('this-month', new Date()));
  const [compare, setCompare] = useState(true);
  const range = preset === 'custom' ? custom : presetRange(preset, new Date());
  const ready = online && Boolean(range.from && range.to && range.from <= range.to);

  const summary = useReportSummary(range, compare, ready);
  const occupancy = useReportSeries({ metric: 'occupancy', interval: 'day', ...range }, ready);
  const rooms = useReportSeries({ metric: 'roomRevenue', interval: 'month', ...range }, ready);
  const extras = useReportSeries({ metric: 'extrasRevenue', interval: 'month', ...range }, ready);
  const byType = useReportSeries({ metric: 'totalRevenue', interval: 'month', groupBy: 'type', ...range }, ready);
  const byChannel = useReportSeries({ metric: 'totalRevenue', interval: 'month', groupBy: 'channel', ...range }, ready);
  const byMethod = useReportSeries({ metric: 'totalRevenue', interval: 'month', groupBy: 'paymentMethod', ...range }, ready);
  const failed = [summary, occupancy, rooms, extras, byType, byChannel, byMethod].find((q) => q.isError);
  const fileRange = `${range.from}-to-${range.to}`;

  return (
    <>
      <PageHeader title="Reports" subtitle="Occupancy, rates and revenue for a period, exact to the cent" />
      <Stack component="form" role="search" aria-label="Report period" onSubmit={(e) => e.preventDefault()} direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Period"
          size="small"
          fullWidth={false}
          value={preset}
          onChange={(e) => {
            const next = e.target.value as ReportPreset;
            if (next === 'custom') setCustom(range);
            setPreset(next);
          }}
          sx={{ minWidth: 180 }}
        >
          {REPORT_PRESETS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        {preset === 'custom' ? (
          <>
            <DateField label="From" value={custom.from} onChange={(from) => setCustom((r) => ({ ...r, from }))} max={custom.to || undefined} name="from" size="small" />
            <DateField label="To" value={custom.to} onChange={(to) => setCustom((r) => ({ ...r, to }))} min={custom.from || undefined} name="to" size="small" />
          </>
        ) : (
          <Typography aria-live="polite">
            {formatMonthDay(range.from)} – {formatMonthDayYear(range.to)}
          </Typography>
        )}
        <FormControlLabel control={<Checkbox checked={compare} onChange={(e) => setCompare(e.target.checked)} />} label="Compare with the same period last year" />
      </Stack>

      {!online && (
        <Typography sx={{ mb: 2, color: '#7c2d12' }} role="status">
          {REPORTS_NEED_CONNECTION}
        </Typography>
      )}
      {failed && (
        <Box sx={{ mb: 2 }}>
          <LoadProblem error={failed.error} what="The report" onRetry={() => void failed.refetch()} />
        </Box>
      )}

      {summary.data ? (
        <Grid container spacing={2} component="section" aria-label="Figures">
          {FIGURES.map((spec) => (
            <FigureCard
              key={spec.key}
              title={spec.title}
              value={figureText(spec, summary.data.figures[spec.key])}
              caption={summary.data.compare ? changeText(spec, summary.data.figures[spec.key], summary.data.compare.figures[spec.key]) : figureCaption(spec.key, summary.data.figures)}
            />
          ))}
        </Grid>
      ) : (
        ready && <LoadingState label="Loading the report..." />
      )}

      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={12}>
          <ChartPanel title="Occupancy by day" fileName={`occupancy-${fileRange}.csv`} table={occupancy.data && occupancyTable(occupancy.data)}>
            {(table) => <OccupancyLine table={table} labelOf={formatMonthDay} />}
          </ChartPanel>
        </Grid>
        <Grid size={12}>
          <ChartPanel title="Revenue by month" fileName={`revenue-by-month-${fileRange}.csv`} table={rooms.data && extras.data && revenueByMonthTable(rooms.data, extras.data)}>
            {(table) => <RevenueBars table={table} />}
          </ChartPanel>
        </Grid>
        {[
          { title: 'Revenue by accommodation type', column: 'Accommodation type', series: byType, size: { xs: 12 } },
          { title: 'Revenue by channel', column: 'Channel', series: byChannel, size: { xs: 12, md: 6 } },
          { title: 'Revenue by payment method', column: 'Payment method', series: byMethod, size: { xs: 12, md: 6 } },
        ].map(({ title, column, series, size }) => (
          <Grid key={title} size={size}>
            <ChartPanel title={title} fileName={`${title.toLowerCase().replaceAll(' ', '-')}-${fileRange}.csv`} table={series.data && groupTable(series.data, column)}>
              {(table) => <GroupBars table={table} isMoney />}
            </ChartPanel>
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 7 }}>
          <ChartPanel
            title="Pace"
            subtitle="Unit-nights on the books for the coming months, against the same point last year"
            fileName={`pace-${summary.data?.pace[0]?.month ?? ''}.csv`}
            table={summary.data && paceTable(summary.data.pace)}
          >
            {(table) => <PaceBars table={table} />}
          </ChartPanel>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ChartPanel
            title="Guests by nationality"
            subtitle="From the register of lodgers, stays arriving in the period"
            fileName={`guests-by-nationality-${fileRange}.csv`}
            table={summary.data && nationalityTable(summary.data.nationalities)}
            empty="No register entries for stays arriving in this period."
          >
            {(table) => <GroupBars table={table} isMoney={false} />}
          </ChartPanel>
        </Grid>
      </Grid>
    </>
  );
}

/** Without a comparison, a card says what its figure is made of. */
function figureCaption(key: keyof ReportFigures, f: ReportFigures): string | undefined {
  if (key === 'occupancy') return `${f.nightsSold} of ${f.nightsAvailable} nights`;
  if (key === 'cancellations') return `of ${f.bookings} bookings made`;
  return undefined;
}

/**
 * A chart with its table view and CSV download. The chart's accessible name is its title and
 * what it shows; the table view is the same rows as a table, for screen readers and exact reading.
 */
function ChartPanel({
  title,
  subtitle,
  fileName,
  table,
  empty = 'Nothing in this period.',
  children,
}: {
  title: string;
  subtitle?: string;
  fileName: string;
  table: ReportTable | undefined;
  empty?: string;
  children: (table: ReportTable) => ReactNode;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const nothing = table && table.rows.length === 0;
  const csv = () => {
    if (!table) return;
    const rows = [...table.rows, ...(table.total ? [table.total] : [])].map((row) => row.map((v, i) => csvCell(table, i, v)));
    downloadCsv(fileName, toCsv(table.header, rows));
  };
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" id={headingId}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v) => v && setView(v)} aria-label={`${title}: show as`}>
              <ToggleButton value="chart">Chart</ToggleButton>
              <ToggleButton value="table">Table</ToggleButton>
            </ToggleButtonGroup>
            <Button size="small" startIcon={<Download />} onClick={csv} disabled={!table} aria-label={`Download ${title} as CSV`}>
              CSV
            </Button>
          </Stack>
        </Stack>
        {!table ? (
          <LoadingState label="Loading..." minHeight={200} />
        ) : nothing ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : view === 'chart' ? (
          <Box role="img" aria-label={chartLabel(title, table)} sx={{ minHeight: 160 }}>
            <Suspense fallback={<LoadingState label="Loading chart..." minHeight={200} />}>{children(table)}</Suspense>
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {table.header.map((h, i) => (
                    <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {[...table.rows, ...(table.total ? [table.total] : [])].map((row, r) => (
                  <TableRow key={r}>
                    {row.map((v, i) => (
                      <TableCell key={i} align={i === 0 ? 'left' : 'right'} sx={r === table.rows.length ? { fontWeight: 700 } : undefined}>
                        {cellText(table, i, v)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** The chart's accessible name: its title and the total, or the rows it plots. */
function chartLabel(title: string, table: ReportTable): string {
  if (table.total) return `${title}: ${table.total.map((v, i) => `${table.header[i]} ${cellText(table, i, v)}`).slice(1).join(', ')} (${table.rows.length} rows; the table view lists them)`;
  return `${title}: ${table.rows.map((row) => row.map((v, i) => cellText(table, i, v)).join(' ')).join('; ')}`;
}

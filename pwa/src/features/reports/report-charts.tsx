import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatRand } from '@shared/format.js';
import type { ReportTable } from './report-tables.js';

/**
 * The report's charts, drawn from the same rows as their tables (report-tables.ts); loaded on
 * demand with the chart library. Colours keep a 3:1 contrast against the white card.
 */

const GREEN = '#15803d';
const AMBER = '#b45309';
const GREY = '#64748b';
const HEIGHT = 280;

const numbers = (table: ReportTable, column: number) => table.rows.map((r) => (typeof r[column] === 'number' ? (r[column] as number) : null));
const labels = (table: ReportTable, column = 0) => table.rows.map((r) => String(r[column]));
const money = (v: number | null) => (v === null ? '' : formatRand(v));

/** Occupancy by day: a line, 0 to 100 %. */
export function OccupancyLine({ table, labelOf }: { table: ReportTable; labelOf: (date: string) => string }) {
  return (
    <LineChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'point', data: labels(table).map(labelOf), tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 44 }]}
      series={[{ data: numbers(table, 1), label: 'Occupancy', color: GREEN, showMark: table.rows.length <= 31, valueFormatter: (v) => (v === null ? '' : `${v}%`) }]}
      hideLegend
      margin={{ left: 4, right: 12 }}
    />
  );
}

/** Revenue by month: rooms and extras stacked. */
export function RevenueBars({ table }: { table: ReportTable }) {
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: labels(table), tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ valueFormatter: (v: number) => formatRand(v), width: 72 }]}
      series={[
        { data: numbers(table, 1), label: 'Rooms', stack: 'revenue', color: GREEN, valueFormatter: money },
        { data: numbers(table, 2), label: 'Extras', stack: 'revenue', color: AMBER, valueFormatter: money },
      ]}
      margin={{ left: 4, right: 12 }}
    />
  );
}

/** One bar per row (a group's revenue, a nationality's guests), drawn across so long names fit on a phone. */
export function GroupBars({ table, isMoney }: { table: ReportTable; isMoney: boolean }) {
  return (
    <BarChart
      height={Math.max(160, 48 + table.rows.length * 36)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels(table), width: 150, tickLabelStyle: { fontSize: 11 } }]}
      xAxis={[{ valueFormatter: (v: number) => (isMoney ? formatRand(v) : String(v)), tickLabelStyle: { fontSize: 11 }, tickNumber: 4 }]}
      series={[{ data: numbers(table, 1), label: table.header[1], color: GREEN, valueFormatter: (v) => (v === null ? '' : isMoney ? formatRand(v) : String(v)) }]}
      hideLegend
      // Room for the last tick's label, which is centred on the axis's end.
      margin={{ left: 4, right: 32 }}
    />
  );
}

/** Pace: this year's nights on the books beside last year's, month by month. */
export function PaceBars({ table }: { table: ReportTable }) {
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: labels(table), tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 40 }]}
      series={[
        { data: numbers(table, 1), label: 'On the books', color: GREEN },
        { data: numbers(table, 2), label: 'Same point last year', color: GREY },
      ]}
      margin={{ left: 4, right: 12 }}
    />
  );
}

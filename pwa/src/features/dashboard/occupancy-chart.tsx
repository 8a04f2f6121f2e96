import { BarChart } from '@mui/x-charts/BarChart';
import { formatMonthDay } from '@shared/format.js';
import type { OccupancyPoint } from './dashboard-figures.js';

/** The 30-night occupancy bars; loaded on demand (the chart library is large). */
export default function OccupancyChart({ points }: { points: OccupancyPoint[] }) {
  return (
    <BarChart
      height={260}
      xAxis={[{ scaleType: 'band', data: points.map((p) => formatMonthDay(p.date)), tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
      series={[{ data: points.map((p) => p.percent), label: 'Occupancy', color: '#15803d', valueFormatter: (v) => `${v ?? 0}%` }]}
      hideLegend
      margin={{ left: 8, right: 8 }}
    />
  );
}

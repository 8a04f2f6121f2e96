import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Cabin from '@mui/icons-material/Cabin';
import { formatRand } from '@shared/format.js';
import { useStaffMonthFigures } from '@/features/home/api/use-month-bookings.js';

/** The one figure that cannot be computed stays fixed (docs/product.md, Logged-in home page). */
const GUEST_SATISFACTION = '4.8/5';

/**
 * 'Dashboard Overview' for staff. Figures come from this month's bookings (docs/design.md,
 * Real figures, not placeholders); a card whose data cannot be read
 * is left out rather than showing a made-up number.
 */
export function StaffOverview() {
  const figures = useStaffMonthFigures({ enabled: true });
  const { occupancy } = figures;
  return (
    <section aria-labelledby="overview-title">
      <Typography id="overview-title" variant="h4" component="h2" gutterBottom>
        Dashboard Overview
      </Typography>
      <Grid container spacing={3}>
        {figures.bookingCount !== undefined && <FigureCard title="Total Bookings" value={String(figures.bookingCount)} caption="This month" />}
        {occupancy && (
          <FigureCard
            title="Occupancy Rate"
            value={`${Math.round(occupancy.rate * 100)}%`}
            caption={`This month: ${occupancy.bookedUnitNights} of ${occupancy.availableUnitNights} unit-nights`}
          />
        )}
        {figures.revenue !== undefined && <FigureCard title="Revenue" value={formatRand(figures.revenue)} caption="Check-ins this month" />}
        <FigureCard title="Guest Satisfaction" value={GUEST_SATISFACTION} />
        <Grid size={12}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h3" gutterBottom>
                Quick Actions
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button component={RouterLink} to="/admin/calendar" variant="outlined" startIcon={<CalendarMonth />}>
                  Open Calendar
                </Button>
                <Button component={RouterLink} to="/admin/bookings?action=new" variant="outlined" startIcon={<AddCircleOutline />}>
                  Create New Booking
                </Button>
                <Button component={RouterLink} to="/admin/accommodations" variant="outlined" startIcon={<Cabin />}>
                  Manage Units
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </section>
  );
}

function FigureCard({ title, value, caption }: { title: string; value: string; caption?: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card component="article" aria-label={title} sx={{ height: '100%' }}>
        <CardContent>
          <Typography color="text.secondary" variant="subtitle2" component="h3">
            {title}
          </Typography>
          <Typography variant="h3" component="p" sx={{ my: 1 }}>
            {value}
          </Typography>
          {caption && (
            <Typography variant="body2" color="text.secondary">
              {caption}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

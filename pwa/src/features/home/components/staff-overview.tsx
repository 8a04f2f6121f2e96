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
import { useMonthBookingCount } from '../api/use-month-bookings.js';

/**
 * 'Dashboard Overview' for staff. Only figures computed from real data are shown
 * (DESIGN.md section 7): the month's booking count when the bookings list can be read.
 */
export function StaffOverview() {
  const bookings = useMonthBookingCount({ enabled: true });
  return (
    <section aria-labelledby="overview-title">
      <Typography id="overview-title" variant="h4" component="h2" gutterBottom>
        Dashboard Overview
      </Typography>
      <Grid container spacing={3}>
        {bookings.data !== undefined && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography color="text.secondary" variant="subtitle2" component="h3">
                  Total Bookings
                </Typography>
                <Typography variant="h3" component="p" sx={{ my: 1 }}>
                  {bookings.data}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  This month
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: bookings.data !== undefined ? 6 : 12, md: bookings.data !== undefined ? 8 : 12 }}>
          <Card sx={{ height: '100%' }}>
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

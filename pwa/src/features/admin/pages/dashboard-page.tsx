import { PageHeader } from '../../../components/page-header.js';
import { UpcomingNotice } from '../../../components/upcoming-notice.js';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Today's lodge operations at a glance" />
      <UpcomingNotice>Bookings, occupancy and revenue computed from live bookings, and the arrivals and departures of the next 7 days, will appear here.</UpcomingNotice>
    </>
  );
}

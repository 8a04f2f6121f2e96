import { PageHeader } from '../../../components/page-header.js';
import { UpcomingNotice } from '../../../components/upcoming-notice.js';

export function CalendarPage() {
  return (
    <>
      <PageHeader title="Booking Calendar" subtitle="Two weeks of bookings across every unit" />
      <UpcomingNotice>A 14-day grid of every accommodation type and unit with its bookings will appear here.</UpcomingNotice>
    </>
  );
}

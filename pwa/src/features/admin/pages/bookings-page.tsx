import { PageHeader } from '../../../components/page-header.js';
import { UpcomingNotice } from '../../../components/upcoming-notice.js';

export function BookingsPage() {
  return (
    <>
      <PageHeader title="Booking Management" subtitle="Search, create and update guest bookings" />
      <UpcomingNotice>The bookings table with status and search filters, and the create and edit dialogs, will appear here.</UpcomingNotice>
    </>
  );
}

import { PageHeader } from '@/components/page-header.js';
import { UpcomingNotice } from '@/components/upcoming-notice.js';

export function EventsPage() {
  return (
    <>
      <PageHeader title="Event Management" subtitle="Manage lodge events and ticket types" />
      <UpcomingNotice>The lodge's events, with their dates and ticket types, will appear here.</UpcomingNotice>
    </>
  );
}

import { PageHeader } from '@/components/page-header.js';
import { UpcomingNotice } from '@/components/upcoming-notice.js';

/** /admin/accommodations, and /admin/accommodations/new where the create dialog will open. */
export function AccommodationsAdminPage({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <PageHeader title="Accommodation Management" subtitle="Accommodation types, their units and images" />
      <UpcomingNotice>
        {creating
          ? 'The form for a new accommodation type will open here.'
          : 'The accommodation types, with their units and images, will be managed here.'}
      </UpcomingNotice>
    </>
  );
}

/** /admin/accommodations/new: the same screen with the create dialog open. */
export function NewAccommodationPage() {
  return <AccommodationsAdminPage creating />;
}

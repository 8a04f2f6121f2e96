import { PageHeader } from '@/components/page-header.js';
import { UpcomingNotice } from '@/components/upcoming-notice.js';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Lodge Settings" subtitle="Configure payment gateway, banking, and operational settings" />
      <UpcomingNotice>Payment gateway, banking details, general settings and the site's appearance will be edited here.</UpcomingNotice>
    </>
  );
}

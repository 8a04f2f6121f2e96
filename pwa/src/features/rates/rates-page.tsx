import { PageHeader } from '@/components/page-header.js';
import { UpcomingNotice } from '@/components/upcoming-notice.js';

export function RatesPage() {
  return (
    <>
      <PageHeader title="Rate Management" subtitle="Seasonal rate overrides and promo codes" />
      <UpcomingNotice>The Rate Overrides and Promo Codes tables, with their create, edit and delete dialogs, will appear here.</UpcomingNotice>
    </>
  );
}

import { useAuth } from '@/features/auth/api/use-auth.js';
import { FolioSection } from './components/folio-section.js';

/** The folio section for the signed-in staff member (the app layer puts it in the booking screens). */
export function BookingFolio({ bookingId }: { bookingId: string }) {
  const { user } = useAuth();
  return <FolioSection bookingId={bookingId} role={user?.role} />;
}

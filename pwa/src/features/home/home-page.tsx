import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { User } from '../../../../shared/contracts/auth.js';
import { isStaff } from '../../../../shared/roles.js';
import { LoadingState } from '../../components/loading-state.js';
import { useAuth } from '../auth/api/use-auth.js';
import { AccommodationsPreview } from './components/accommodations-preview.js';
import { GuestExperience } from './components/guest-experience.js';
import { LocationBlock } from './components/location-block.js';
import { StaffOverview } from './components/staff-overview.js';
import { WelcomeBanner } from './components/welcome-banner.js';
import { LandingPage } from './landing-page.js';

/** '/' and '/home': the landing page for visitors, the personal home page once logged in. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingState label="Loading..." minHeight="60vh" />;
  if (!user) return <LandingPage />;
  return <LoggedInHome user={user} />;
}

function LoggedInHome({ user }: { user: User }) {
  return (
    <>
      <WelcomeBanner user={user} />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Stack spacing={{ xs: 5, md: 7 }}>
          {isStaff(user.role) ? <StaffOverview /> : <GuestExperience />}
          <AccommodationsPreview enabled />
          <LocationBlock />
        </Stack>
      </Container>
    </>
  );
}

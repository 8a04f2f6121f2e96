import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { User } from '@shared/contracts/auth.js';
import { isStaff } from '@shared/roles.js';
import { AccommodationsPreview } from './components/accommodations-preview.js';
import { GuestExperience } from './components/guest-experience.js';
import { LocationBlock } from './components/location-block.js';
import { StaffOverview } from './components/staff-overview.js';
import { WelcomeBanner } from './components/welcome-banner.js';

/** The personal home page once logged in (docs/product.md, Logged-in home page). */
export function LoggedInHome({ user }: { user: User }) {
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

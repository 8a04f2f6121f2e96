import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@shared/contracts/auth.js';
import { isStaff } from '@shared/roles.js';
import { HeroPicture } from './hero-picture.js';

export function WelcomeBanner({ user }: { user: User }) {
  const staff = isStaff(user.role);
  return (
    <Box
      component="section"
      sx={{
        position: 'relative',
        color: '#fffaf0',
        backgroundColor: '#4b5a2a',
        py: { xs: 6, md: 9 },
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          zIndex: 0,
          background: 'linear-gradient(90deg, rgba(35,29,18,0.85) 0%, rgba(35,29,18,0.45) 100%)',
        },
      }}
    >
      <HeroPicture custom={null} position="center 60%" />
      <Container sx={{ position: 'relative', zIndex: 1 }}>
        <Typography variant="h2" component="h1">
          Welcome Back{user.firstName ? `, ${user.firstName}` : ''}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1, fontWeight: 400, opacity: 0.9 }}>
          {staff ? 'Manage your lodge operations with ease' : 'Your luxury safari experience awaits'}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          {staff ? (
            <>
              <Button component={RouterLink} to="/admin/calendar" variant="contained" color="secondary" size="large">
                View Calendar
              </Button>
              <Button component={RouterLink} to="/admin/bookings" variant="outlined" size="large" sx={lightOutline}>
                Manage Bookings
              </Button>
            </>
          ) : (
            <>
              <Button component={RouterLink} to="/booking" variant="contained" color="secondary" size="large">
                Book Your Stay
              </Button>
              <Button component={RouterLink} to="/accommodations" variant="outlined" size="large" sx={lightOutline}>
                Explore Accommodations
              </Button>
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

const lightOutline = { color: 'inherit', borderColor: 'rgba(255,250,240,0.8)', '&:hover': { borderColor: '#fffaf0' } };

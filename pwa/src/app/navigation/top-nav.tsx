import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import type { User } from '@shared/contracts/auth.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { Brand } from './brand.js';
import { LogoutButton } from './logout-button.js';
import { isActivePath, navLinksFor } from './nav-links.js';
import { RoleBadge } from './role-badge.js';

const MobileMenu = lazy(() => import('./mobile-menu.js'));

/** The top navigation bar (public-site.md section 2); below md a slide-in menu. */
export function TopNav() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu's chunk is fetched on the first open and kept mounted after, so it can slide out.
  const [menuWanted, setMenuWanted] = useState(false);
  const links = navLinksFor(user);

  return (
    <AppBar position="sticky" color="primary" sx={{ borderBottom: '3px solid', borderColor: 'secondary.main' }}>
      <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
        <Brand />
        {desktop && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, ml: 3, flexWrap: 'wrap' }}>
            {links.map((link) => (
              <Button
                key={link.to}
                component={RouterLink}
                to={link.to}
                color="inherit"
                aria-current={isActivePath(link.to, pathname) ? 'page' : undefined}
                sx={{
                  borderRadius: 2,
                  px: 1.5,
                  opacity: isActivePath(link.to, pathname) ? 1 : 0.85,
                  bgcolor: isActivePath(link.to, pathname) ? 'rgba(255,255,255,0.14)' : 'transparent',
                }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {desktop && !isLoading && <AccountArea user={user} />}
        {!desktop && (
          <IconButton
            color="inherit"
            edge="end"
            aria-label="Open menu"
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>
      {!desktop && menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            links={links}
            pathname={pathname}
            account={!isLoading && <AccountArea user={user} stacked onDone={() => setMenuOpen(false)} />}
          />
        </Suspense>
      )}
    </AppBar>
  );
}

/** Visitors: 'Book Now' and 'Staff Login'. Logged in: name, role badge, Logout. */
function AccountArea({ user, stacked = false, onDone }: { user: User | null; stacked?: boolean; onDone?: () => void }) {
  if (!user) {
    return (
      <Stack direction={stacked ? 'column' : 'row'} spacing={1}>
        <Button component={RouterLink} to="/booking" variant="contained" color="secondary" onClick={onDone}>
          Book Now
        </Button>
        <Button
          component={RouterLink}
          to="/auth"
          variant="outlined"
          color={stacked ? 'primary' : 'inherit'}
          onClick={onDone}
        >
          Staff Login
        </Button>
      </Stack>
    );
  }
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      spacing={stacked ? 1.5 : 1.5}
      alignItems={stacked ? 'stretch' : 'center'}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {user.firstName} {user.lastName}
        </Typography>
        <RoleBadge role={user.role} />
      </Stack>
      <LogoutButton variant={stacked ? 'outlined' : 'text'} color={stacked ? 'primary' : 'inherit'} />
    </Stack>
  );
}

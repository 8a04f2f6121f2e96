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
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { Role } from '@shared/roles.js';
import type { User } from '@shared/contracts/auth.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { Brand } from './brand.js';
import { LogoutButton } from './logout-button.js';
import { backOfficeRole, isActivePath, navLinksFor, type NavLink } from './nav-links.js';
import { RoleBadge } from './role-badge.js';
import { BACK_OFFICE_BUTTON_ID, BACK_OFFICE_MENU_ID } from './back-office-ids.js';

const MobileMenu = lazy(() => import('./mobile-menu.js'));
const BackOfficeMenu = lazy(() => import('./back-office-menu.js'));

/** The top navigation bar (docs/product.md, Top navigation bar); below md a slide-in menu. */
export function TopNav() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu's chunk is fetched on the first open and kept mounted after, so it can slide out.
  const [menuWanted, setMenuWanted] = useState(false);
  const links = navLinksFor(user);
  // A staff member's back-office links (up to eleven) would wrap the bar onto two lines at
  // 1024 px: on the bar they sit behind one 'Back office' menu, the slide-in menu lists all.
  const staffRole = backOfficeRole(user);

  return (
    <AppBar position="sticky" color="primary" sx={{ borderBottom: '3px solid', borderColor: 'secondary.main' }}>
      <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
        <Brand />
        {desktop && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: { md: 1, lg: 3 }, flexWrap: 'nowrap', flexShrink: 0 }}>
            {links.map((link) => (
              <NavButton key={link.to} link={link} pathname={pathname} />
            ))}
            {staffRole && <BackOfficeMenuButton role={staffRole} pathname={pathname} />}
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
            backOfficeRole={staffRole}
            pathname={pathname}
            account={!isLoading && <AccountArea user={user} stacked onDone={() => setMenuOpen(false)} />}
          />
        </Suspense>
      )}
    </AppBar>
  );
}

function NavButton({ link, pathname }: { link: NavLink; pathname: string }) {
  const active = isActivePath(link.to, pathname);
  return (
    <Button
      component={RouterLink}
      to={link.to}
      color="inherit"
      aria-current={active ? 'page' : undefined}
      sx={{ borderRadius: 2, px: 1.5, whiteSpace: 'nowrap', opacity: active ? 1 : 0.85, bgcolor: active ? 'rgba(255,255,255,0.14)' : 'transparent' }}
    >
      {link.label}
    </Button>
  );
}

/**
 * The back-office links behind one menu button (aria-haspopup, aria-expanded). Enter, Space
 * or Arrow Down opens the menu on its first item; the menu (back-office-menu.tsx) is its own
 * chunk, fetched on the first open, so the public pages' first load does not carry it.
 */
function BackOfficeMenuButton({ role, pathname }: { role: Role; pathname: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  return (
    <>
      <Button
        id={BACK_OFFICE_BUTTON_ID}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? BACK_OFFICE_MENU_ID : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setAnchor(e.currentTarget);
          }
        }}
        sx={{
          borderRadius: 2,
          px: 1.5,
          whiteSpace: 'nowrap',
          // The bar is the public pages' (the back office has its own): never on a back-office page.
          opacity: 0.85,
        }}
      >
        Back office
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <BackOfficeMenu anchor={anchor} onClose={() => setAnchor(null)} role={role} pathname={pathname} />
        </Suspense>
      )}
    </>
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
        {/* One line on the bar: a long name is cut with an ellipsis rather than wrap it. */}
        <Typography component="span" noWrap title={stacked ? undefined : `${user.firstName} ${user.lastName}`} sx={{ fontWeight: 600, maxWidth: stacked ? undefined : { md: 180, lg: 280 } }}>
          {user.firstName} {user.lastName}
        </Typography>
        <RoleBadge role={user.role} />
      </Stack>
      <LogoutButton variant={stacked ? 'outlined' : 'text'} color={stacked ? 'primary' : 'inherit'} />
    </Stack>
  );
}

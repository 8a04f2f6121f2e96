import { Suspense, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { can } from '../../../../shared/roles.js';
import { SastClock } from '../../components/sast-clock.js';
import { useAuth } from '../../features/auth/api/use-auth.js';
import { Brand } from '../navigation/brand.js';
import { LogoutButton } from '../navigation/logout-button.js';
import { isActivePath } from '../navigation/nav-links.js';
import { RoleBadge } from '../navigation/role-badge.js';
import { ADMIN_NAV } from './admin-nav.js';
import { LoadingState } from '../../components/loading-state.js';

const SIDEBAR_WIDTH = 264;
/** back-office.md: the sidebar collapses below 1280 px. */
const WIDE_SCREEN = '(min-width:1280px)';

/** Back-office frame: grouped sidebar and a header with site link, clock, user, logout. */
export function AdminLayout() {
  const wide = useMediaQuery(WIDE_SCREEN, { noSsr: true });
  const [open, setOpen] = useState(false);

  const sidebar = <Sidebar onNavigate={() => setOpen(false)} showUser={!wide} />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
          slotProps={{ paper: { sx: sidebarPaperSx } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          slotProps={{ paper: { sx: { ...sidebarPaperSx, width: SIDEBAR_WIDTH } } }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AdminHeader showMenuButton={!wide} onMenu={() => setOpen(true)} />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 3, lg: 4 } }}>
          <Suspense fallback={<LoadingState label="Loading..." />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

const sidebarPaperSx = { bgcolor: 'primary.dark', color: 'primary.contrastText', borderRight: 0 };

/** On narrow screens the header has no room for the user, so the drawer shows it. */
function Sidebar({ onNavigate, showUser }: { onNavigate: () => void; showUser: boolean }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ minHeight: { xs: 64 } }}>
        <Brand />
      </Toolbar>
      <Box component="nav" aria-label="Back office" sx={{ overflowY: 'auto', pb: 2 }}>
        {ADMIN_NAV.map((group) => {
          const items = group.items.filter((item) => can(user?.role, item.capability));
          if (items.length === 0) return null;
          return (
            <List
              key={group.title}
              dense
              subheader={
                <ListSubheader
                  disableSticky
                  sx={{ bgcolor: 'transparent', color: 'secondary.light', textTransform: 'uppercase', letterSpacing: 1.2, fontSize: '0.72rem' }}
                >
                  {group.title}
                </ListSubheader>
              }
            >
              {items.map((item) => {
                const active = isActivePath(item.to, pathname);
                return (
                  <ListItemButton
                    key={item.to}
                    component={RouterLink}
                    to={item.to}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    sx={{
                      mx: 1,
                      borderRadius: 2,
                      color: 'inherit',
                      bgcolor: active ? 'rgba(255,255,255,0.14)' : 'transparent',
                      '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
                    }}
                  >
                    <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500 } } }} />
                    {item.badge && <Chip label={item.badge} size="small" color="success" sx={{ height: 20, fontSize: '0.68rem' }} />}
                  </ListItemButton>
                );
              })}
            </List>
          );
        })}
      </Box>
      {showUser && user && (
        <Box sx={{ mt: 'auto', p: 2, borderTop: 1, borderColor: 'rgba(255,255,255,0.12)' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {user.firstName} {user.lastName}
          </Typography>
          <RoleBadge role={user.role} />
        </Box>
      )}
    </Box>
  );
}

function AdminHeader({ showMenuButton, onMenu }: { showMenuButton: boolean; onMenu: () => void }) {
  const { user } = useAuth();
  return (
    <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        {showMenuButton && (
          <IconButton edge="start" aria-label="Open navigation" onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="p" sx={{ display: { xs: 'none', sm: 'block' } }}>
          Back Office
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <SastClock color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} />
        {user && (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ display: { xs: 'none', md: 'flex' } }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {user.firstName} {user.lastName}
            </Typography>
            <RoleBadge role={user.role} />
          </Stack>
        )}
        <Button component={RouterLink} to="/" size="small" startIcon={<OpenInNew />} sx={{ whiteSpace: 'nowrap' }}>
          View Site
        </Button>
        <LogoutButton size="small" color="inherit" />
      </Toolbar>
    </AppBar>
  );
}

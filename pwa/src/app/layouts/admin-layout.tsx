import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import Logout from '@mui/icons-material/Logout';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { SastClock } from '@/components/sast-clock.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { Brand } from '@/app/navigation/brand.js';
import { LogoutButton } from '@/app/navigation/logout-button.js';
import { isActivePath } from '@/app/navigation/nav-links.js';
import { RoleBadge } from '@/app/navigation/role-badge.js';
import { adminNavGroups, adminNavLinks, preloadAdminPages } from '@/app/admin-routes.js';
import { DocumentTitle } from '@/app/navigation/document-title.js';
import { LoadingState } from '@/components/loading-state.js';
import { InstallButton } from '@/features/sync/components/install-button.js';
import { SessionEndedBanner } from '@/features/sync/components/session-ended-banner.js';
import { SyncIndicator } from '@/features/sync/components/sync-indicator.js';
import { useSyncSession } from '@/features/sync/sync-session.js';
import { AdminGate } from '@/features/sync/admin-gate.js';
import { useBookings, useUnits } from '@/offline/hooks.js';
import { useAfterIdle } from '@/lib/use-after-idle.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { quickStats } from '@/features/dashboard/dashboard-figures.js';
import { useLogout } from '@/features/auth/api/use-logout.js';

const SIDEBAR_WIDTH = 264;
/** The sidebar collapses below 1280 px (docs/product.md, Admin layout). */
const WIDE_SCREEN = '(min-width:1280px)';
/** MUI's sm breakpoint: from here the header has room for worded buttons. */
const ROOMY_HEADER = '(min-width:600px)';

/** The back office behind its door (staff only; offline, the device's synced staff user). */
export function GatedAdminLayout() {
  return (
    <AdminGate>
      <AdminLayout />
    </AdminGate>
  );
}

/**
 * Back-office frame: grouped sidebar and a header with the sync state, site link, clock,
 * user, logout. It runs the offline sync while mounted (useSyncSession).
 */
export function AdminLayout() {
  useSyncSession();
  const wide = useMediaQuery(WIDE_SCREEN, { noSsr: true });
  const [open, setOpen] = useState(false);
  const role = useAuth().user?.role;
  // The built app only: in unit tests every page's module would load behind each render.
  useEffect(() => (import.meta.env.PROD ? preloadAdminPages(role) : undefined), [role]);

  const sidebar = <Sidebar onNavigate={() => setOpen(false)} showUser={!wide} />;
  const { pathname } = useLocation();
  const page = adminNavLinks(role).find((link) => isActivePath(link.to, pathname))?.label;
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <DocumentTitle title={page ?? 'Back Office'} />
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
          slotProps={{ paper: { sx: { ...sidebarPaperSx, width: SIDEBAR_WIDTH }, 'aria-label': 'Back office navigation' } as object }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AdminHeader showMenuButton={!wide} onMenu={() => setOpen(true)} />
        <SessionEndedBanner />
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

/** Below 1280 px the drawer also repeats the user and carries the install button. */
function Sidebar({ onNavigate, showUser }: { onNavigate: () => void; showUser: boolean }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ minHeight: { xs: 64 } }}>
        <Brand />
      </Toolbar>
      <Box component="nav" aria-label="Back office" sx={{ overflowY: 'auto', pb: 2 }}>
        {adminNavGroups(user?.role).map((group) => (
          <List
            key={group.title}
            dense
            // Links, not list items: a plain group (a <ul> may hold only <li>, axe 'list').
            component="div"
            role="group"
            aria-label={group.title}
            subheader={
              <ListSubheader
                component="div"
                disableSticky
                // Light savanna on the dark bush green: 4.5:1 for the small capitals.
                sx={{ bgcolor: 'transparent', color: '#e9cf9b', textTransform: 'uppercase', letterSpacing: 1.2, fontSize: '0.72rem' }}
              >
                {group.title}
              </ListSubheader>
            }
          >
            {group.links.map((item) => {
              const active = isActivePath(item.to, pathname);
              const Icon = item.icon;
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
                  <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500 } } }} />
                  {item.badge && <Chip label={item.badge} size="small" color="success" sx={{ height: 20, fontSize: '0.68rem' }} />}
                </ListItemButton>
              );
            })}
          </List>
        ))}
      </Box>
      <QuickStats />
      {showUser && user && (
        <Box sx={{ p: 2, borderTop: 1, borderColor: 'rgba(255,255,255,0.12)' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {user.firstName} {user.lastName}
          </Typography>
          <RoleBadge role={user.role} />
          {/* The header has no room for these on a phone or small tablet. */}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', color: 'inherit', '& .MuiButton-root': { color: 'inherit' } }}>
            <Button component={RouterLink} to="/" size="small" startIcon={<OpenInNew />} onClick={onNavigate} sx={{ minHeight: 44 }}>
              View Site
            </Button>
            <InstallButton />
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function AdminHeader({ showMenuButton, onMenu }: { showMenuButton: boolean; onMenu: () => void }) {
  const { user } = useAuth();
  // A phone keeps View Site and Logout as named icons, to leave room for the user and the clock.
  const roomy = useMediaQuery(ROOMY_HEADER, { noSsr: true });
  return (
    <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        {showMenuButton && (
          <IconButton edge="start" aria-label="Open navigation" onClick={onMenu} sx={{ width: 44, height: 44 }}>
            <MenuIcon />
          </IconButton>
        )}
        {/* One line at any width: it gives way (hidden below md) rather than wrapping beside the offline indicator. */}
        <Typography variant="h6" component="p" data-testid="back-office-title" sx={{ display: { xs: 'none', md: 'block' }, whiteSpace: 'nowrap', flexShrink: 0 }}>
          Back Office
        </Typography>
        <SyncIndicator />
        <Box sx={{ flexGrow: 1 }} />
        <SastClock color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontSize: { xs: '0.75rem', sm: '1rem' } }} />
        {user && (
          // Who is at the desk, at every width: on a phone the name sits above the role.
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ xs: 0.25, md: 1 }}
            aria-label="Logged in as"
            role="group"
            sx={{ alignItems: { xs: 'flex-end', md: 'center' }, flexShrink: { xs: 1, md: 0 } }}
          >
            {/* The whole name, never cut short: on a phone it wraps under itself (first name above last) rather than
                ending in '...'; from md it keeps its width on one line and the space beside 'Back Office' gives way. */}
            <Typography
              component="span"
              data-testid="header-user-name"
              sx={{
                fontWeight: 600,
                fontSize: { xs: '0.8rem', sm: '1rem' },
                lineHeight: 1.2,
                textAlign: 'right',
                whiteSpace: { xs: 'normal', md: 'nowrap' },
                maxWidth: { xs: 120, sm: 220, md: 'none' },
              }}
            >
              {user.firstName} {user.lastName}
            </Typography>
            <RoleBadge role={user.role} compactOnPhone />
          </Stack>
        )}
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <InstallButton />
        </Box>
        {roomy ? (
          <>
            <Button component={RouterLink} to="/" size="small" startIcon={<OpenInNew />} sx={{ whiteSpace: 'nowrap' }}>
              View Site
            </Button>
            <LogoutButton size="small" color="inherit" sx={{ minHeight: 44, whiteSpace: 'nowrap' }} />
          </>
        ) : (
          <>
            <IconButton component={RouterLink} to="/" aria-label="View Site" sx={{ width: 44, height: 44 }}>
              <OpenInNew fontSize="small" />
            </IconButton>
            <LogoutIconButton />
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}

/** The phone's logout: the same action as LogoutButton, as an icon with its name. */
function LogoutIconButton() {
  const logout = useLogout();
  return (
    <IconButton aria-label="Logout" disabled={logout.isPending} onClick={() => logout.mutate()} sx={{ width: 44, height: 44 }}>
      <Logout fontSize="small" />
    </IconButton>
  );
}

/**
 * The sidebar's quick stats, computed from this device's bookings (the spec's fixed
 * '12 bookings today, 85% occupancy' were placeholders): arrivals still to check in today,
 * and the share of active units taken tonight.
 */
function QuickStats() {
  // Read once the page's own data is drawn: on a slow tablet starting up, the page (the desk's
  // lists) comes first, and the two figures a moment later.
  const idle = useAfterIdle();
  return (
    <QuickStatsFrame>
      {idle ? <QuickStatFigures /> : <QuickStatValues stats={null} />}
    </QuickStatsFrame>
  );
}

function QuickStatFigures() {
  const today = todayInLodge(new Date());
  // Both figures are about stays that end after today (arrivals today, nights taken tonight):
  // the device's past stays are not read.
  const bookings = useBookings({ from: today });
  const units = useUnits();
  const stats = useMemo(
    () => (bookings && units ? quickStats(bookings, units.filter((u) => u.isActive).map((u) => u.id), today) : null),
    [bookings, units, today],
  );
  return <QuickStatValues stats={stats} />;
}

/** The two figures; a dash each until they are read. */
function QuickStatValues({ stats }: { stats: ReturnType<typeof quickStats> | null }) {
  return (
    <>
      <QuickStat label="Arriving today" value={stats ? String(stats.arrivingToday) : '–'} />
      <QuickStat label="Occupancy tonight" value={stats ? `${stats.occupancyTonight}%` : '–'} />
    </>
  );
}

function QuickStatsFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="section" aria-label="Quick stats" sx={{ mt: 'auto', mx: 2, mb: 2, p: 1.5, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.08)' }}>
      <Typography component="h2" sx={{ color: '#e9cf9b', textTransform: 'uppercase', letterSpacing: 1.2, fontSize: '0.72rem', fontWeight: 500, mb: 1 }}>
        Quick Stats
      </Typography>
      <Stack direction="row" spacing={2}>
        {children}
      </Stack>
    </Box>
  );
}

function QuickStat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ flex: 1 }}>
      <Typography sx={{ fontSize: '1.4rem', fontWeight: 700, lineHeight: 1.2 }}>{value}</Typography>
      <Typography sx={{ fontSize: '0.8rem', opacity: 0.9 }}>{label}</Typography>
    </Box>
  );
}

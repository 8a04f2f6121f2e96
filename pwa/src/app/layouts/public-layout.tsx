import { Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TopNav } from '@/app/navigation/top-nav.js';
import { PublicDocumentTitle } from '@/app/navigation/document-title.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { LoadingState } from '@/components/loading-state.js';
import { ChatBubble } from '@/features/chat/chat-bubble.js';

/** Room kept free above the chat bubble (56 px, 16 px from the bottom, 24 px on a desktop) and a gap. */
const BUBBLE_CLEARANCE = 'calc(96px + env(safe-area-inset-bottom))';

export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PublicDocumentTitle />
      {/* The chat bubble floats over the bottom right corner: whatever the page scrolls into
          view (a link to #find-us, a focused button) stops above it, not under it. */}
      <GlobalStyles styles={{ html: { scrollPaddingBottom: BUBBLE_CLEARANCE } }} />
      <TopNav />
      {/* At least a screen tall: the footer stays below the fold rather than showing under a
          page's short loading state and then being pushed down when its data arrives (the
          layout shift Lighthouse measured on What's on and the guest's booking page). */}
      <Box component="main" sx={{ flexGrow: 1, minHeight: '100dvh' }}>
        {/* A screen tall while the page's chunk loads, for the same reason. */}
        <Suspense fallback={<LoadingState label="Loading..." minHeight="100dvh" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ChatBubble />
    </Box>
  );
}

function Footer() {
  const settings = usePublicSettings();
  const name = settings.data?.lodgeName;
  const contact = [settings.data?.contactPhone, settings.data?.contactEmail].filter(Boolean).join(' · ');
  return (
    // The bottom padding keeps the footer's last line (Contact Us on the right) clear of the chat bubble.
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', pt: 4, pb: BUBBLE_CLEARANCE, mt: 6 }}>
      <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {[name, settings.data?.tagline].filter(Boolean).join(' · ')}
          </Typography>
          {contact && (
            <Typography variant="body2" sx={{ opacity: 0.75 }}>
              {contact}
            </Typography>
          )}
        </Box>
        <Link component={RouterLink} to="/contact" color="inherit" variant="body2">
          Contact Us
        </Link>
      </Container>
    </Box>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import ChatIcon from '@mui/icons-material/ChatOutlined';

// The dialog (messages, input, the API hooks) loads on first open: the landing page's
// initial JavaScript carries only this button (an IconButton styled as a floating button:
// MUI's Fab would add its own code for the same look).
const loadDialog = () => import('./chat-dialog.js');
const ChatDialog = lazy(loadDialog);

/** The bubble pulses for 3 s, starting 5 s after first display (docs/product.md, Chat assistant). */
export const PULSE_DELAY_MS = 5000;
export const PULSE_DURATION_MS = 3000;

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(93, 64, 55, 0.55); transform: scale(1); }
  50% { transform: scale(1.08); }
  100% { box-shadow: 0 0 0 16px rgba(93, 64, 55, 0); transform: scale(1); }
`;

/** The floating chat bubble at the bottom right of the public pages. */
export function ChatBubble() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    const start = setTimeout(() => setPulsing(true), PULSE_DELAY_MS);
    const stop = setTimeout(() => setPulsing(false), PULSE_DELAY_MS + PULSE_DURATION_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(stop);
    };
  }, []);

  return (
    <>
      <IconButton
        aria-label="Open chat assistant"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-pulsing={pulsing || undefined}
        // Warm the chunk as the pointer arrives, so the dialog opens without a wait.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        sx={{
          position: 'fixed',
          width: 56,
          height: 56,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: 6,
          '&:hover': { bgcolor: 'primary.dark' },
          right: { xs: 16, md: 24 },
          bottom: { xs: 'calc(16px + env(safe-area-inset-bottom))', md: 24 },
          zIndex: (theme) => theme.zIndex.speedDial,
          animation: pulsing ? `${pulse} 1s ease-out 3` : 'none',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <ChatIcon />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <ChatDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

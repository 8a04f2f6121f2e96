import { createTheme, alpha } from '@mui/material/styles';

/**
 * A safari-lodge look: bush green, ochre and savanna tones on warm sand, charcoal text.
 * Fonts are system stacks only, so nothing is fetched and the shell renders offline.
 */
export const lodgeColors = {
  bush: '#4b5a2a',
  bushDark: '#343f1c',
  // Deep enough for white text on it (4.5:1: axe and Lighthouse check 'Book Now').
  ochre: '#935a0f',
  ochreLight: '#d08a2c',
  savanna: '#c9a66b',
  sand: '#f3ead8',
  paper: '#fffaf0',
  charcoal: '#2b2a27',
  earth: '#8a6a3a',
} as const;

const serif = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", Georgia, serif';
const sans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: lodgeColors.bush, dark: lodgeColors.bushDark, contrastText: '#fffdf7' },
    secondary: { main: lodgeColors.ochre, light: lodgeColors.ochreLight, contrastText: '#ffffff' },
    background: { default: lodgeColors.sand, paper: lodgeColors.paper },
    text: { primary: lodgeColors.charcoal, secondary: '#5c574d' },
    success: { main: '#3f7d3a' },
    warning: { main: '#c28a12' },
    error: { main: '#a8392b' },
    info: { main: '#3d6b78' },
    divider: alpha(lodgeColors.charcoal, 0.12),
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: sans,
    h1: { fontFamily: serif, fontWeight: 700, fontSize: 'clamp(2.25rem, 6vw, 4rem)', lineHeight: 1.1 },
    h2: { fontFamily: serif, fontWeight: 700, fontSize: 'clamp(1.8rem, 4.5vw, 2.75rem)', lineHeight: 1.15 },
    h3: { fontFamily: serif, fontWeight: 700, fontSize: 'clamp(1.5rem, 3.5vw, 2.1rem)' },
    h4: { fontFamily: serif, fontWeight: 600, fontSize: 'clamp(1.35rem, 3vw, 1.75rem)' },
    h5: { fontFamily: serif, fontWeight: 600, fontSize: '1.3rem' },
    h6: { fontFamily: serif, fontWeight: 600, fontSize: '1.1rem' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0.2 },
    overline: { letterSpacing: 2, fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 20 } },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: { border: `1px solid ${alpha(lodgeColors.charcoal, 0.1)}`, backgroundColor: lodgeColors.paper },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0 },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});

/**
 * What the build puts in place of MUI's CSS-variables theming (scripts/bundle-trims.ts).
 *
 * The lodge's theme (app/theme.ts) is a plain palette theme: no `cssVariables`, no
 * `colorSchemes`. For such a theme MUI's `createTheme` and `ThemeProvider` take their
 * no-variables path, yet both import the variables path too (`createThemeWithVars`,
 * `ThemeProviderWithVars` and, through them, the color-scheme provider with its storage and
 * media-query listeners), and so does the default theme every MUI component falls back on.
 * A bundler cannot see that branch is never taken, so about 50 KB of JavaScript (13 KB
 * over the wire) went to every phone on the first page. Each export here stands for one of
 * those and says what to change if a theme ever asks for CSS variables.
 */
const REFUSAL =
  "This build leaves out MUI's CSS theme variables and Pigment CSS's theme source (the lodge's theme uses neither): remove the muiWithoutCssVariables plugin from vite.config.ts to use cssVariables, colorSchemes or toRuntimeSource.";

function refuse(): never {
  throw new Error(REFUSAL);
}

/** createThemeWithVars (createTheme with `cssVariables`), and `extendTheme`. */
export default function createThemeWithVars(): never {
  return refuse();
}

/** ThemeProviderWithVars's exports: the color-scheme provider and its hook. */
export const CssVarsProvider = refuse;
export const Experimental_CssVarsProvider = refuse;
export const useColorScheme = refuse;
export const getInitColorSchemeScript = refuse;
/** createThemeWithVars's named export. */
export const createGetCssVar = refuse;
/** theme.toRuntimeSource: Pigment CSS's build-time step calls it; this app's build has none. */
export const stringifyTheme = refuse;

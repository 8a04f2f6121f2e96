import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/*
 * Two libraries' code that every page carried and none runs, each found in the landing page's
 * first chunk with the bundle's module sizes (bench/landing-bytes.ts measures what is left).
 */

/** The stand-in module: see its own comment for why. */
export const MUI_CSS_VARIABLES_STAND_IN = fileURLToPath(new URL('../pwa/src/lib/mui-without-css-variables.ts', import.meta.url));

/**
 * MUI's styles modules, and the three modules of theirs a plain theme never runs: the
 * CSS-variables theme and provider, and the theme-to-source function for Pigment CSS's
 * build-time integration (set on every theme as `toRuntimeSource`, called only by that build).
 */
const MUI_STYLES_MODULE = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+\.js$/;
const CSS_VARIABLES_MODULES = new Set(['./createThemeWithVars.js', './ThemeProviderWithVars.js', './stringifyTheme.js']);

/**
 * Resolves MUI's CSS-variables theming to a stand-in that refuses to run, so the bundle keeps
 * only the plain-theme path the app takes (createThemeNoVars, ThemeProviderNoVars). Only
 * imports from inside MUI's styles folder are redirected: the app never imports them itself.
 */
export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'lodge:mui-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !CSS_VARIABLES_MODULES.has(source) || !MUI_STYLES_MODULE.test(importer)) return null;
      return MUI_CSS_VARIABLES_STAND_IN;
    },
  };
}

/**
 * Marks hoist-non-react-statics as free of side effects. Emotion imports it once for its
 * effects alone (`import 'hoist-non-react-statics'`, beside the `withTheme` helper that uses
 * it), and the package does not say it has none, so the bundler kept it, and the old react-is
 * it depends on, whether or not `withTheme` is used: about 6 KB of every first page. Used, it
 * is still bundled as usual.
 */
export function hoistStaticsWithoutSideEffects(): Plugin {
  return {
    name: 'lodge:hoist-statics-without-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'hoist-non-react-statics') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}

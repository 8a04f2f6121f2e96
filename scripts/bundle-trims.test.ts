import fs from 'node:fs';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { hoistStaticsWithoutSideEffects, muiWithoutCssVariables } from './bundle-trims.js';
import createThemeWithVars, { CssVarsProvider, stringifyTheme } from '../pwa/src/lib/mui-without-css-variables.js';

/**
 * The two trims, each checked on a real production bundle of a few lines that use MUI and
 * emotion as the app does: with the plugin the code is gone, without it it is there (so the
 * test would notice a library release that moved it). Library names survive minifying as
 * strings: MUI's color-scheme storage key, and the static names hoist-non-react-statics copies.
 */
// Inside the project, so the entry resolves the project's own node_modules.
fs.mkdirSync('node_modules/.cache', { recursive: true });
const root = fs.mkdtempSync(path.resolve('node_modules/.cache/bundle-trims-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function bundle(source: string, plugins: ReturnType<typeof muiWithoutCssVariables>[]): Promise<string> {
  const entry = path.join(root, `entry-${Math.random().toString(36).slice(2)}.jsx`);
  fs.writeFileSync(entry, source);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    plugins,
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'entry' }, rollupOptions: { external: ['react', 'react/jsx-runtime', 'react-dom'] } },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((o) => o.output.map((chunk) => ('code' in chunk ? chunk.code : ''))).join('\n');
}

const APP_LIKE = `
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Button from '@mui/material/Button';
const theme = createTheme({ palette: { primary: { main: '#4b5a2a' } } });
export const App = () => <ThemeProvider theme={theme}><Button>Book Now</Button></ThemeProvider>;
`;

// Each test runs real Vite builds: seconds on a quiet machine, many times that on a CI machine
// building the app for the browser specs at the same moment. A bound, not a wait.
const BUILDS = 120_000;

describe("the bundle leaves out what the app's pages never run", () => {
  it("MUI's CSS-variables theming and Pigment CSS's theme source: gone with the plugin, there without it", async () => {
    const whole = await bundle(APP_LIKE, []);
    expect(whole).toContain('mui-color-scheme');
    expect(whole).toContain('unstable_createBreakpoints as createBreakpoints');
    const trimmed = await bundle(APP_LIKE, [muiWithoutCssVariables()]);
    expect(trimmed).not.toContain('mui-color-scheme');
    expect(trimmed).not.toContain('unstable_createBreakpoints as createBreakpoints');
    expect(trimmed).toContain('Book Now');
  }, BUILDS);

  it('hoist-non-react-statics and its react-is, imported by emotion for effects it does not have', async () => {
    expect(await bundle(APP_LIKE, [muiWithoutCssVariables()])).toContain('getDerivedStateFromError');
    expect(await bundle(APP_LIKE, [muiWithoutCssVariables(), hoistStaticsWithoutSideEffects()])).not.toContain('getDerivedStateFromError');
  }, BUILDS);

  it('a theme that asks for CSS variables is refused with what to change, not drawn half-styled', () => {
    const refusal = "This build leaves out MUI's CSS theme variables and Pigment CSS's theme source (the lodge's theme uses neither): remove the muiWithoutCssVariables plugin from vite.config.ts to use cssVariables, colorSchemes or toRuntimeSource.";
    expect(() => createThemeWithVars()).toThrow(refusal);
    expect(() => CssVarsProvider()).toThrow(refusal);
    expect(() => stringifyTheme()).toThrow(refusal);
  });
});

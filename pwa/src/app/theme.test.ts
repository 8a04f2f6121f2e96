import { describe, expect, it } from 'vitest';
import { theme } from './theme.js';

describe("the lodge's theme", () => {
  // The build leaves MUI's CSS-variables theming out (scripts/bundle-trims.ts): the theme must
  // take MUI's plain path, which a theme with colorSchemes or cssVariables would not.
  it("is a plain palette theme, the path MUI's ThemeProvider draws without CSS variables", () => {
    expect('colorSchemes' in theme).toBe(false);
    expect(theme.vars).toBeUndefined();
    expect(theme.palette.primary.main).toBe('#4b5a2a');
  });
});

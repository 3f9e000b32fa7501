import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILY, palette } from '@/config/palette';

const css = readFileSync(join(__dirname, '..', 'site.css'), 'utf8');

function customProperty(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe('styles/site.css', () => {
  it('has the colours of MUI’s theme, so the landing page and the dashboard look alike', () => {
    expect({
      primary: customProperty('color-primary'),
      primaryDark: customProperty('color-primary-dark'),
      error: customProperty('color-error'),
      success: customProperty('color-success'),
      background: customProperty('color-background'),
      paper: customProperty('color-paper'),
      text: customProperty('color-text'),
      textSecondary: customProperty('color-text-secondary'),
      focusRing: customProperty('color-focus-ring'),
    }).toEqual({
      primary: palette.primary,
      primaryDark: palette.primaryDark,
      error: palette.error,
      success: palette.success,
      background: palette.background,
      paper: palette.paper,
      text: palette.text,
      textSecondary: palette.textSecondary,
      focusRing: palette.focusRing,
    });
  });

  it('has the theme’s font', () => {
    expect(customProperty('font-family')?.replaceAll("'", '"')).toBe(FONT_FAMILY);
  });
});

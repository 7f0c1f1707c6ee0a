import {
  Badge,
  Pagination,
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

// Colours that reach WCAG 2 AA contrast (docs/decisions/029-accessibility.md): 4.5:1 for text, on white and on the
// light tints badges and alerts sit on. Mantine's palettes are kept for tints and borders; only the shades used for
// text and for the fills under white text are darkened, once, here, so no screen picks its own.

const WHITE = '#ffffff';
const AA = 4.5;

const channels = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const luminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
/** WCAG 2 contrast ratio of two opaque colours. */
export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** The colour itself, or the same hue mixed with black in 2 % steps, until it reaches `target` on `background`. */
export const darkenUntil = (hex: string, background: string, target = AA): string => {
  for (let k = 0; k <= 100; k += 2) {
    const mixed = toHex(channels(hex).map((c) => c * (1 - k / 100)));
    if (contrast(mixed, background) >= target) return mixed;
  }
  return '#000000';
};
/**
 * Dimmed text (hints, table headers, chart axes, descriptions): Mantine draws it with gray 6, 3.3:1 on white, also in
 * its own styles (input descriptions, notification texts). Gray 6 becomes this gray: 5.7:1 on white, 5.4:1 on the
 * striped rows (gray 0), still lighter than the body text.
 */
export const DIMMED = '#5f666d';
const g = DEFAULT_THEME.colors.gray;
const gray: MantineColorsTuple = [g[0], g[1], g[2], g[3], g[4], g[5], DIMMED, g[7], g[8], g[9]];
const colors = { ...DEFAULT_THEME.colors, gray };

/** The first shade from 6 up that reaches AA on `background`, else shade 9 darkened until it does. */
const shadeFor = (palette: MantineColorsTuple, background: string): string =>
  [6, 7, 8, 9].map((i) => palette[i]).find((c) => contrast(c, background) >= AA) ?? darkenUntil(palette[9], background);

/** Per palette: text on white (also the fill under white text) and text on its own light tint (shade 1). */
export const accessibleShades = Object.fromEntries(
  Object.entries(colors).map(([name, palette]) => [
    name,
    { text: shadeFor(palette, WHITE), onLight: shadeFor(palette, palette[1]) },
  ]),
) as Record<string, { text: string; onLight: string }>;

const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(accessibleShades).flatMap(([name, shade]) => [
        [`--mantine-color-${name}-text`, shade.text],
        [`--mantine-color-${name}-filled`, shade.text],
        [`--mantine-color-${name}-outline`, shade.text],
        [`--mantine-color-${name}-light-color`, shade.onLight],
      ]),
    ),
  },
  dark: {},
});

export const cssVariablesResolver = resolver;

export const theme = createTheme({
  colors: { gray },
  primaryColor: 'indigo',
  // Shade 7 of indigo is 5.0:1 under white text and on white as link colour (shade 6 is 4.3:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Status badges sit in narrow table columns; a cut "ON MO…" reads worse than a wider column.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // The arrows are icons only: every pager in the app gets their names here.
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` }),
      },
    }),
  },
});

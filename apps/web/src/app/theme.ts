import {
  Anchor,
  Badge,
  Drawer,
  Menu,
  Modal,
  Pagination,
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import classes from './theme.module.css';

// Colours that reach WCAG 2 AA contrast (docs/decisions/029-accessibility.md): 4.5:1 for text, on white and on the
// light tints badges and alerts sit on. Mantine's palettes are kept for tints and borders; only the shades used for
// text and for the fills under white text are darkened, once, here, so no screen picks its own.

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

/**
 * Screens name shades 7 to 9 for text (`c="teal.7"`, `c="red.8"`); in Mantine's light hues (green, teal, lime,
 * yellow, orange, cyan, red) even shade 9 is under 4.5:1. Those shades are darkened, same hue, until they reach 4.6,
 * 5.2 and 6:1 on the hovered row's gray 1, the lightest-but-one background text sits on; shades that already do are
 * kept. Shades 0 to 6 (tints, borders, chart lines) stay Mantine's.
 */
const ROW_HOVER = g[1];
const SHADE_TARGETS: Record<number, number> = { 7: 4.6, 8: 5.2, 9: 6 };
const readable = (palette: MantineColorsTuple): MantineColorsTuple =>
  palette.map((c, i) => {
    const target = SHADE_TARGETS[i];
    return target === undefined || contrast(c, ROW_HOVER) >= target ? c : darkenUntil(c, ROW_HOVER, target);
  }) as unknown as MantineColorsTuple;
const colors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, gray }).map(([name, palette]) => [name, readable(palette)]),
);

/** The first shade from 6 up that reaches AA on `background` (shade 9, darkened above, always does). */
const shadeFor = (palette: MantineColorsTuple, background: string): string =>
  [6, 7, 8, 9].map((i) => palette[i]).find((c) => contrast(c, background) >= AA) ?? darkenUntil(palette[9], background);

/**
 * Per palette: text on white and on the hovered row (also the fill under white text), and text on its own light tint
 * (shade 1, light badges and alerts).
 */
export const accessibleShades = Object.fromEntries(
  Object.entries(colors).map(([name, palette]) => [
    name,
    { text: shadeFor(palette, ROW_HOVER), onLight: shadeFor(palette, palette[1]) },
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
    // A field's error (its message, and its value and border while wrong) is drawn in red shade 6, 3.3:1 on white.
    '--mantine-color-error': accessibleShades.red!.text,
  },
  dark: {},
});

export const cssVariablesResolver = resolver;

const shadeSixAsText = Object.fromEntries(
  Object.entries(accessibleShades).map(([name, shade]) => [`--mantine-color-${name}-6`, shade.text]),
);

export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  // Shade 7 of indigo is 5.0:1 under white text and on white as link colour (shade 6 is 4.3:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Status badges sit in narrow table columns; a cut "ON MO…" reads worse than a wider column.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    Anchor: Anchor.extend({ classNames: { root: classes.anchor } }),
    Menu: Menu.extend({
      // The focus placeholder Mantine puts first in a menu is a role="presentation" child, which ARIA does not allow
      // in a menu; without it the keyboard lands on the first item.
      defaultProps: { withInitialFocusPlaceholder: false },
      // A coloured item ("Delete" in red) is drawn in shade 6 of its colour; inside a menu shade 6 is the text shade.
      styles: { dropdown: shadeSixAsText },
    }),
    // The close buttons are icons only.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // The arrows are icons only: every pager in the app gets their names here.
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` }),
      },
    }),
  },
});

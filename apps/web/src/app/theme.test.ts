import { describe, expect, it } from 'vitest';
import { accessibleShades, contrast, cssVariablesResolver, DIMMED, theme } from './theme.ts';

// The colours of docs/decisions/029-accessibility.md: text reaches 4.5:1 wherever the theme puts it.
const WHITE = '#ffffff';
const GRAY_0 = '#f8f9fa';
const GRAY_1 = '#f1f3f5';

describe('theme contrast', () => {
  it('dimmed text reaches 4.5:1 on white, striped and hovered rows', () => {
    for (const background of [WHITE, GRAY_0, GRAY_1]) expect(contrast(DIMMED, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(accessibleShades))(
    '%s: shades 7 to 9 and the text shade reach 4.5:1 on the hovered row',
    (name) => {
      const palette = theme.colors![name]!;
      for (const shade of [palette[7], palette[8], palette[9], accessibleShades[name]!.text])
        expect(contrast(shade!, GRAY_1), `${name} ${shade}`).toBeGreaterThanOrEqual(4.5);
      // The text shade is also the fill under white text.
      expect(contrast(accessibleShades[name]!.text, WHITE)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.keys(accessibleShades))('%s: light badges and alerts reach 4.5:1 on their tint', (name) => {
    const palette = theme.colors![name]!;
    expect(contrast(accessibleShades[name]!.onLight, palette[1]!)).toBeGreaterThanOrEqual(4.5);
  });

  it("a field's error text reaches 4.5:1 on white and on the hovered row", () => {
    const error = cssVariablesResolver(theme as never).light['--mantine-color-error']!;
    expect(contrast(error, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(error, GRAY_1)).toBeGreaterThanOrEqual(4.5);
  });

  it('the primary shade under white text reaches 4.5:1', () => {
    const shade = (theme.primaryShade as { light: number }).light;
    expect(contrast(theme.colors!.indigo![shade]!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});

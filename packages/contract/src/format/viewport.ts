// Viewport classes of docs/product/screens-and-lists.md "Viewport class"; breakpoints 768 / 1024 / 1440 / 1920.

export type ViewportClass = 'mobile' | 'tablet' | 'laptop' | 'laptopL' | 'desktop';

export const VIEWPORT_BREAKPOINTS = { mobile: 768, tablet: 1024, laptop: 1440, laptopL: 1920 } as const;

export const DEFAULT_VIEWPORT: { readonly width: number; readonly class: ViewportClass } = {
  width: 1920,
  class: 'desktop',
};

export function viewportClass(width: number): ViewportClass {
  if (width < VIEWPORT_BREAKPOINTS.mobile) return 'mobile';
  if (width < VIEWPORT_BREAKPOINTS.tablet) return 'tablet';
  if (width < VIEWPORT_BREAKPOINTS.laptop) return 'laptop';
  if (width < VIEWPORT_BREAKPOINTS.laptopL) return 'laptopL';
  return 'desktop';
}

/** The spec's breakpoints (§9), in px: min-widths, mobile first. */
export const breakpoints = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  xxl: 1536,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** A `min-width` media query for a breakpoint, for `matchMedia` and CSS-in-TS alike. */
export function mediaUp(breakpoint: Breakpoint): string {
  return `(min-width: ${breakpoints[breakpoint]}px)`;
}

/** A `max-width` media query for widths below a breakpoint, e.g. the mobile layout under `md`. */
export function mediaDown(breakpoint: Breakpoint): string {
  return `(max-width: ${breakpoints[breakpoint] - 0.02}px)`;
}

/**
 * The only variants the image resizer (`/api/img/{modifiers}/{source}`) makes: the portal builds its image
 * addresses from these lists and the api snaps any other request onto them, so one source can never
 * become more than a handful of files in the resize cache.
 *
 * No zod here on purpose: the portal's image helper imports this module, and the guest bundle should not
 * pay for a schema library to build an address.
 */

/**
 * Widths and heights in device pixels. The portal's slots, each at 1× and 2× for sharp screens:
 * avatars 32, 40, 48, 64 CSS px (→ 64, 80, 96, 128); directory and event cards 160, 240, 320 (→ 320, 480,
 * 640); the event poster 480, 960, 1440 (`srcset`); wide images 640, 800, 960 (→ 1280, 1600, 1920).
 */
export const IMAGE_SIZES = [
  32, 48, 64, 80, 96, 128, 160, 240, 320, 480, 640, 800, 960, 1280, 1440, 1600, 1920,
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Output qualities (`q_`). Fewer steps than 1–100 because a difference of a few points is not visible. */
export const IMAGE_QUALITIES = [50, 65, 80, 95] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

/** Output formats (`f_`). */
export const IMAGE_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The smallest step not below `value`, or the largest step when `value` is above them all. */
function snapUp<T extends number>(steps: readonly T[], value: number): T {
  for (const step of steps) if (step >= value) return step;
  return steps[steps.length - 1] as T;
}

/**
 * The allowed size a requested one is served as: the next one up (never a blurrier picture than asked),
 * or the largest for anything bigger.
 */
export function snapImageSize(pixels: number): ImageSize {
  return snapUp(IMAGE_SIZES, pixels);
}

/** The allowed quality a requested one is served as: the next step up, or the highest. */
export function snapImageQuality(quality: number): ImageQuality {
  return snapUp(IMAGE_QUALITIES, quality);
}

/**
 * The widths the image endpoints make (docs/design.md, Performance: pictures are resized
 * for the screen). A requested width is rounded up to the next of
 * these, so each picture exists in a handful of sizes that caches share. Kept apart from the
 * zod schemas of images.ts: the landing page's pictures need the widths, not zod.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export const MAX_IMAGE_WIDTH = 1920;

/**
 * The site's one responsive-image path (catalogue issue, item 7): which widths exist and how an
 * image URL is built. Pure module: the app server's image route and the `ResponsiveImage`
 * component both read it (`@steel/shared/image-widths`), so they can never disagree.
 */

/** The theme's breakpoints (px): every image width is one of these at 1× or 2×. */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;

/** Every width the image route makes (and the only ones it accepts), ascending. */
export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set(Object.values(IMAGE_BREAKPOINTS).flatMap((width) => IMAGE_DENSITIES.map((density) => width * density))),
].sort((a, b) => a - b);

/** The app server's route: `GET /_/img?src=/uploads/<file>&w=<width>` → WebP. */
export const IMAGE_ROUTE = '/_/img';

/** A CMS upload path (`/uploads/<file>.<image ext>`): the only sources the route resizes. */
export const isUploadPath = (src: string): boolean =>
  /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_.-]*\.(svg|png|jpe?g|webp|gif|avif)$/i.test(src);

/** The URL of `src` resized to `width` (one of IMAGE_WIDTHS); anything else is left as it is. */
export function imageUrl(src: string, width: number): string {
  if (!isUploadPath(src)) return src;
  return `${IMAGE_ROUTE}?src=${encodeURIComponent(src)}&w=${width}`;
}

/** The smallest allowed width that covers `width` CSS pixels (or the largest there is). */
export function imageWidthFor(width: number): number {
  return IMAGE_WIDTHS.find((allowed) => allowed >= width) ?? (IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number);
}

/** What an `<img>` (or a `<link rel="preload" as="image">`) asks for to show `src` at most `displayWidth` CSS pixels wide. */
export interface ImageSources {
  src: string;
  /** Absent when `src` is not an upload (another media provider's URL): shown as it is. */
  srcSet?: string;
  sizes?: string;
}

/**
 * The image's URL and its WebP srcset of the breakpoint widths at 1× and 2×. The image element
 * and the head's preload both take it from here: a preload is reused only when they agree.
 */
export function imageSources(src: string, displayWidth: number, sizes?: string): ImageSources {
  if (!isUploadPath(src)) return { src };
  const largest = imageWidthFor(displayWidth * 2);
  const srcSet = IMAGE_WIDTHS.filter((candidate) => candidate <= largest)
    .map((candidate) => `${imageUrl(src, candidate)} ${candidate}w`)
    .join(', ');
  return {
    src: imageUrl(src, imageWidthFor(displayWidth)),
    srcSet,
    sizes: sizes ?? `(max-width: ${displayWidth}px) 100vw, ${displayWidth}px`,
  };
}

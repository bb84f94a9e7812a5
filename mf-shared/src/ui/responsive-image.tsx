import { imageSources, imageUrl, imageWidthFor } from '@steel/shared/remote-core';

/** A CMS media field as pages read it (`fields: ['url', 'width', 'height', 'alternativeText']`). */
export interface CmsImage {
  url: string;
  width: number | null;
  height: number | null;
  alternativeText: string | null;
}

/** The media fields to ask the CMS for, for a `CmsImage`. */
export const CMS_IMAGE_FIELDS = ['url', 'width', 'height', 'alternativeText'];

/** An image as Open Graph and JSON-LD give it: one large WebP from the site's image route. */
export const shareImageUrl = (image: CmsImage | null | undefined): string | undefined =>
  image ? imageUrl(image.url, imageWidthFor(1200)) : undefined;

export interface ResponsiveImageProps {
  /** A CMS upload path (`/uploads/…`, the media field's `url`). */
  src: string;
  alt: string;
  /** The image's own size (the media field's `width`/`height`): gives the box its aspect ratio. */
  width: number;
  height: number;
  /** The widest the image is ever shown, in CSS pixels: the srcset stops at twice this. */
  displayWidth: number;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes?: string;
  /**
   * The page's main image (its LCP): loaded at once with high priority instead of lazily; the page's head
   * preloads it too (`PageHead.lcpImage`).
   */
  priority?: boolean;
  className?: string;
}

/**
 * Every image on the site goes through here (the one responsive-image path): a WebP srcset of
 * the theme's breakpoint widths at 1× and 2× (made by the app server's `/_/img` route), and
 * `width`/`height` set so the page never shifts when the image arrives.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  displayWidth,
  sizes,
  priority = false,
  className,
}: ResponsiveImageProps) {
  const boxHeight = width > 0 && height > 0 ? Math.round((displayWidth * height) / width) : displayWidth;
  const loading = priority
    ? { loading: 'eager' as const, fetchPriority: 'high' as const }
    : { loading: 'lazy' as const };
  return (
    <img
      {...imageSources(src, displayWidth, sizes)}
      alt={alt}
      width={displayWidth}
      height={boxHeight}
      decoding="async"
      className={className}
      {...loading}
    />
  );
}

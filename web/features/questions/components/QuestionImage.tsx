import type { ConvoImage } from '../../../../contract/questions.ts';

/**
 * A question's image: its WebP widths as `srcset`, its pixel size as width and height so the
 * browser keeps its room before it arrives (no layout shift), lazily loaded unless it is the
 * first thing on the screen. Decorative: the question's title stands beside it.
 */
export function QuestionImage({
  image,
  sizes,
  isEager = false,
  className,
}: {
  image: ConvoImage;
  /** The `sizes` of the `<img>`: how wide it shows at each viewport width. */
  sizes: string;
  isEager?: boolean;
  className?: string;
}) {
  if (!image.ImageSrc) return null;
  return (
    <img
      className={className}
      src={image.ImageSrc}
      srcSet={image.ImageSrcSet || undefined}
      sizes={sizes}
      width={image.ImageWidth || undefined}
      height={image.ImageHeight || undefined}
      loading={isEager ? 'eager' : 'lazy'}
      fetchPriority={isEager ? 'high' : 'auto'}
      decoding="async"
      alt=""
    />
  );
}

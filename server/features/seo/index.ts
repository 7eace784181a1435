// What other features may use of seo besides seo.service.ts: the toolkit that draws share images
// (the shared results' picture uses it).
export {
  colours,
  contentRight,
  ellipsize,
  getCachedImage,
  logoMark,
  margin,
  metricsOf,
  renderSvgToPng,
  shareImageSize,
  text as svgText,
  wrapText,
  type FontName,
} from './seo.share-image.ts';

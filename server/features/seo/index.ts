// What other features may use of seo besides seo.service.ts: the frame of a server-rendered page
// and the toolkit that draws share images (the shared results' page and picture use both).
export { pageFrame, path, text, type ServerPage } from './seo.markup.ts';
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

import fs from 'node:fs/promises';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import pngToIco from 'png-to-ico';

/** The site's icon, drawn from the web app's own (web/public/favicon.svg). */
const iconSvgPath = path.resolve(import.meta.dirname, '../../../web/public/favicon.svg');

/** The sizes browsers and operating systems pick from for a tab, a bookmark or a shortcut. */
const iconSizes = [16, 32, 48];

async function drawFavicon(): Promise<Buffer> {
  const svg = await fs.readFile(iconSvgPath);
  const images = await Promise.all(
    iconSizes.map(async (size) => {
      const image = await renderAsync(svg, {
        fitTo: { mode: 'width', value: size },
        font: { loadSystemFonts: false },
      });
      return { size, png: image.asPng() };
    }),
  );
  return pngToIco(images.map((image) => image.png));
}

let favicon: Promise<Buffer> | undefined;

/** favicon.ico, drawn on first request and kept: the icon changes only with a new release. */
export function getFavicon(): Promise<Buffer> {
  favicon ??= drawFavicon();
  favicon.catch(() => (favicon = undefined));
  return favicon;
}

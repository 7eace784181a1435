import fs from 'node:fs/promises';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import pngToIco from 'png-to-ico';

/*
 * The site's icons and web app manifest (docs/decisions/069-honest-labels.md#the-icon-is-the-logo), all drawn
 * from one source, the logo as web/public/favicon.svg (the top bar's LogoMark, a test checks), by
 * resvg: favicon.ico for old browsers and crawlers, the PNGs a home screen or an install uses,
 * and the manifest's colours read from the app's design tokens. Each is made on first request and
 * kept: they change only with a release.
 */

const webDirectory = path.resolve(import.meta.dirname, '../../../web');
/** The logo: a rounded square of the accent with two slashes. */
export const logoSvgPath = path.join(webDirectory, 'public/favicon.svg');
/** The design tokens the manifest's colours come from. */
export const tokensCssPath = path.join(webDirectory, 'ui/tokens.css');

/**
 * The logo on a full square, no rounded corners: iOS and Android round (or mask) a home-screen
 * icon themselves, and a transparent corner would show as black on iOS. The mark stays inside
 * the central 80 % that a maskable icon's mask keeps.
 */
export function fullBleed(svg: string): string {
  return svg.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1');
}

async function renderPng(svg: string | Buffer, size: number): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}

/** The sizes browsers and operating systems pick from for a tab, a bookmark or a shortcut. */
const faviconSizes = [16, 32, 48];

async function drawFavicon(): Promise<Buffer> {
  const svg = await fs.readFile(logoSvgPath);
  return pngToIco(await Promise.all(faviconSizes.map((size) => renderPng(svg, size))));
}

/** The PNG icons the page head and the manifest name: path → how it is drawn. */
export const pngIcons = {
  /** iOS's home-screen icon (180 px for today's iPhones), full bleed. */
  '/apple-touch-icon.png': { size: 180, isFullBleed: true },
  /** The manifest's icons: the logo as it is, and a full-bleed one Android may mask. */
  '/icons/icon-192.png': { size: 192, isFullBleed: false },
  '/icons/icon-512.png': { size: 512, isFullBleed: false },
  '/icons/maskable-512.png': { size: 512, isFullBleed: true },
} as const;
export type PngIconPath = keyof typeof pngIcons;

async function drawPngIcon(iconPath: PngIconPath): Promise<Buffer> {
  const { size, isFullBleed } = pngIcons[iconPath];
  const svg = await fs.readFile(logoSvgPath, 'utf8');
  return renderPng(isFullBleed ? fullBleed(svg) : svg, size);
}

/** A colour token's value in tokens.css (`--color-surface: #ffffff;`). */
export function tokenValue(css: string, token: string): string {
  const value = new RegExp(`${token}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  if (!value) throw new Error(`${token} is not in ${tokensCssPath}`);
  return value;
}

export const manifestContentType = 'application/manifest+json; charset=utf-8';

/**
 * The web app manifest: the name, the icons above, and the app's colours: the theme is the top
 * bar's surface (as the page's `theme-color`), the splash background the page's own.
 */
async function composeManifest(): Promise<string> {
  const css = await fs.readFile(tokensCssPath, 'utf8');
  const icon = (iconPath: PngIconPath, purpose: 'any' | 'maskable') => ({
    src: iconPath,
    sizes: `${pngIcons[iconPath].size}x${pngIcons[iconPath].size}`,
    type: 'image/png',
    purpose,
  });
  return JSON.stringify({
    name: 'Stance',
    short_name: 'Stance',
    description:
      'Stance is a public encyclopedia of opinion: vote on opinions, argue for and against, and see where people stand.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: tokenValue(css, '--color-surface'),
    background_color: tokenValue(css, '--color-page'),
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      icon('/icons/icon-192.png', 'any'),
      icon('/icons/icon-512.png', 'any'),
      icon('/icons/maskable-512.png', 'maskable'),
    ],
  });
}

/** Made once per process; a failure is not kept, so the next request tries again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    made.catch(() => (made = undefined));
    return made;
  };
}

/** favicon.ico, holding the logo at 16, 32 and 48 pixels. */
export const getFavicon = once(drawFavicon);
export const getManifest = once(composeManifest);
const pngGetters = new Map(
  (Object.keys(pngIcons) as PngIconPath[]).map((iconPath) => [
    iconPath,
    once(() => drawPngIcon(iconPath)),
  ]),
);
/** One of the PNG icons. */
export function getPngIcon(iconPath: PngIconPath): Promise<Buffer> {
  return pngGetters.get(iconPath)!();
}

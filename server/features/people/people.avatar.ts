import { createHash } from 'node:crypto';

/*
 * Generated profile images: a 5×5 mirrored pattern in one of many colours, drawn from a hash of
 * the lower-cased username. The same name always gets the same picture, in any letter case, and
 * names nobody has get one too, so the image tells nobody whether an account exists. Nothing of
 * the name itself goes into the SVG, so no markup can be injected through it.
 */

/** Bump when the drawing changes, so cached images are fetched again. */
const avatarVersion = 1;

export const avatarSizes = { small: 32, big: 128 } as const;
export type AvatarSize = keyof typeof avatarSizes;

const gridCells = 5;
/** One cell of margin around the pattern. */
const viewBoxSize = gridCells + 2;

function hashOf(username: string): Buffer {
  return createHash('sha256').update(`stance-avatar:${username.toLowerCase()}`).digest();
}

/** Which cells of the 5×5 grid are filled: columns 3–5 mirror columns 1–2. */
export function avatarCells(username: string): boolean[][] {
  const hash = hashOf(username);
  const rows: boolean[][] = [];
  let filled = 0;
  for (let row = 0; row < gridCells; row++) {
    const left = [0, 1, 2].map((column) => {
      const bit = row * 3 + column;
      return ((hash[4 + Math.floor(bit / 8)]! >> (bit % 8)) & 1) === 1;
    });
    filled += left.filter(Boolean).length;
    rows.push([left[0]!, left[1]!, left[2]!, left[1]!, left[0]!]);
  }
  // A nearly empty pattern reads as a broken image; give it a spine.
  if (filled < 3) for (const row of rows) row[2] = true;
  return rows;
}

/** The foreground and background colours as HSL strings. */
export function avatarColours(username: string): { foreground: string; background: string } {
  const hash = hashOf(username);
  const hue = ((hash[0]! << 8) | hash[1]!) % 360;
  const saturation = 45 + (hash[2]! % 20);
  return {
    foreground: `hsl(${hue} ${saturation}% 38%)`,
    background: `hsl(${hue} ${saturation}% 92%)`,
  };
}

export function renderAvatarSvg(username: string, size: AvatarSize): string {
  const pixels = avatarSizes[size];
  const { foreground, background } = avatarColours(username);
  const cells = avatarCells(username)
    .flatMap((row, y) =>
      row.flatMap((isFilled, x) =>
        isFilled ? [`<rect x="${x + 1}" y="${y + 1}" width="1" height="1"/>`] : [],
      ),
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" ` +
    `viewBox="0 0 ${viewBoxSize} ${viewBoxSize}" shape-rendering="crispEdges">` +
    `<rect width="${viewBoxSize}" height="${viewBoxSize}" fill="${background}"/>` +
    `<g fill="${foreground}">${cells}</g></svg>`
  );
}

/** A strong validator for the image: it depends only on the name, the size and the version. */
export function avatarEtag(username: string, size: AvatarSize): string {
  return `"av${avatarVersion}-${size}-${hashOf(username).subarray(0, 12).toString('base64url')}"`;
}

import * as fontkit from 'fontkit';

/** Measures text set in one font: the width its glyphs take, as fontkit lays them out. */
export type FontMetrics = {
  /** The width of `text` at `fontSize` pixels, kerning included. */
  measure(text: string, fontSize: number): number;
};

/**
 * The metrics of a TrueType font file, so that a share image can wrap its title: SVG has no line
 * breaking, and resvg sets each line where it is told.
 */
export function readFontMetrics(fontPath: string): FontMetrics {
  const font = fontkit.openSync(fontPath);
  if (!('layout' in font)) throw new Error(`${fontPath} is a font collection, not one font`);
  return {
    measure(text, fontSize) {
      return (font.layout(text).advanceWidth / font.unitsPerEm) * fontSize;
    },
  };
}

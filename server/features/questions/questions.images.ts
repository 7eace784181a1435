import sharp from 'sharp';
import {
  convoImageMaxBytes,
  convoImageTypes,
  convoImageWidths,
  type ConvoImageType,
} from '../../../contract/questions.base.ts';
import { HttpError } from '../../http.ts';
import type { ImageFile } from './questions.repository.ts';

/*
 * A question's image (docs/decisions/047-questions-and-arguments.md): the upload's bytes are
 * checked (their signature says JPEG, PNG or WebP, and sharp decodes them), then re-encoded as
 * WebP at up to three widths, without metadata (a photo's EXIF, GPS position included, is
 * dropped) and turned upright by its EXIF orientation. Nothing here touches the database: the
 * service stores the files in one short transaction after the slow work is done.
 */

/** Decoding refuses images over this many pixels (a small file can unpack to a huge bitmap). */
export const maximumImagePixels = 50_000_000;

const webpQuality = 80;

const tooLargeMessage = `The image is larger than ${convoImageMaxBytes / 1024 / 1024} MB`;
const wrongTypeMessage = 'The image must be a JPEG, PNG or WebP file';

/** The type a file's first bytes announce, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ConvoImageType | null {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The file's bytes from the payload's base64 (line breaks allowed), refusing a declared type
 * other than the three (415) and a file over the limit (413) before decoding more than needed.
 */
export function decodeUpload(contentType: string, data: string): Buffer {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  if (!(convoImageTypes as readonly string[]).includes(declared)) {
    throw new HttpError(415, wrongTypeMessage);
  }
  const compact = data.replace(/\s+/g, '');
  // Four base64 characters hold three bytes.
  if (Math.floor((compact.length * 3) / 4) - 2 > convoImageMaxBytes) {
    throw new HttpError(413, tooLargeMessage);
  }
  if (compact.length % 4 === 1 || !base64Pattern.test(compact)) {
    throw new HttpError(400, 'data: the image must be sent in base64');
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > convoImageMaxBytes) throw new HttpError(413, tooLargeMessage);
  if (bytes.length === 0) throw new HttpError(400, 'data is empty');
  return bytes;
}

/** The widths to encode for an image this wide: the three, each at most its own width. */
export function targetWidths(originalWidth: number): number[] {
  return [...new Set(convoImageWidths.map((width) => Math.min(width, originalWidth)))];
}

const sharpFormats: Record<ConvoImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The WebP files of an uploaded image, smallest first. 415 when the bytes are not one of the
 * three types (whatever the declared type said), 413 over the size or pixel limit, 400 when they
 * claim a type but do not decode.
 */
export async function encodeConvoImage(bytes: Buffer): Promise<ImageFile[]> {
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError(415, wrongTypeMessage);
  const corrupt = () =>
    new HttpError(400, 'The image could not be read: the file is damaged or incomplete');
  const options = { limitInputPixels: maximumImagePixels, failOn: 'error' as const };
  let uprightWidth: number;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== sharpFormats[type]) throw corrupt();
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels === 0) throw corrupt();
    if (pixels > maximumImagePixels) {
      throw new HttpError(413, `The image has more than ${maximumImagePixels / 1e6} megapixels`);
    }
    // EXIF orientations 5–8 turn the picture a quarter: its width is the stored height.
    uprightWidth = (metadata.orientation ?? 1) >= 5 ? metadata.height! : metadata.width!;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw corrupt();
  }
  try {
    // Each width is decoded from the file again: JPEG and WebP shrink while they load, which
    // costs less memory than holding the full bitmap for all three.
    return await Promise.all(
      targetWidths(uprightWidth).map(async (target) => {
        const { data, info } = await sharp(bytes, options)
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: webpQuality })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, webp: data };
      }),
    );
  } catch {
    // The header was sound but the pixels are not (a truncated file).
    throw corrupt();
  }
}

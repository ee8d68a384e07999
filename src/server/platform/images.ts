import sharp from 'sharp';
import { AppError } from './app-error.ts';

/** No uploaded image may declare more pixels per side than this (a "decompression bomb" is refused). */
export const IMAGE_MAX_INPUT_EDGE = 4000;

export interface ReencodeOptions {
  /** The stored image fits into maxEdge × maxEdge (never enlarged). */
  maxEdge: number;
  format: 'png' | 'jpg';
  /** The German messages for "not an image" and "too large". */
  messages: { invalid: string; dimensions: string };
}

/**
 * Decodes an uploaded image with a maintained library, checks its dimensions before decoding the
 * pixels, and stores a freshly encoded copy: bounded in size, without metadata (EXIF, GPS) and
 * without whatever else was appended to the original file.
 */
export async function reencodeImage(data: Buffer, opts: ReencodeOptions): Promise<Buffer> {
  const invalid = () => new AppError('VALIDATION', opts.messages.invalid, { fields: { file: [opts.messages.invalid] } });
  const limitInputPixels = IMAGE_MAX_INPUT_EDGE * IMAGE_MAX_INPUT_EDGE;
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalid();
    });
  if (!meta.width || !meta.height) throw invalid();
  if (meta.width > IMAGE_MAX_INPUT_EDGE || meta.height > IMAGE_MAX_INPUT_EDGE) {
    throw new AppError('VALIDATION', opts.messages.dimensions, { fields: { file: [opts.messages.dimensions] } });
  }
  const image = sharp(data, { limitInputPixels, failOn: 'error' })
    .rotate()
    .resize({ width: opts.maxEdge, height: opts.maxEdge, fit: 'inside', withoutEnlargement: true });
  const encoded = opts.format === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85, mozjpeg: true });
  return encoded.toBuffer().catch(() => {
    throw invalid();
  });
}

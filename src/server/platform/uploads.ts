import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { MA } from '../../shared/messages.ts';

export interface SingleUpload {
  file: { filename: string; data: Buffer };
  fields: Record<string, string>;
}

/**
 * Reads one multipart file plus its text fields. The size limit is enforced while streaming:
 * the upload is cut off at the limit and answered 413, never buffered beyond it.
 */
export async function readSingleUpload(request: FastifyRequest, limitBytes: number): Promise<SingleUpload> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', MA.fileRequired, { fields: { file: [MA.fileRequired] } });
  const fields: Record<string, string> = {};
  let file: SingleUpload['file'] | undefined;
  for await (const part of request.parts({ limits: { fileSize: limitBytes, files: 1, fields: 20 } })) {
    if (part.type === 'file') {
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch {
        throw new AppError('PAYLOAD_TOO_LARGE', MA.fileTooLarge, { fields: { file: [MA.fileTooLarge] } });
      }
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', MA.fileTooLarge);
      file = { filename: part.filename, data };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!file || file.data.length === 0) {
    throw new AppError('VALIDATION', MA.fileRequired, { fields: { file: [MA.fileRequired] } });
  }
  return { file, fields };
}

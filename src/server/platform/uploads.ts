import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { COMMON_MESSAGES, ASSISTANT_MESSAGES } from '../../shared/messages.ts';
import { fileNameProblem, hasForbiddenChars } from '../../shared/schemas/common.ts';

/** The longest text field of a multipart upload (descriptions are at most 2,000 characters). */
const FIELD_MAX_BYTES = 16_384;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', ASSISTANT_MESSAGES.fileTooLarge, { fields: { file: [ASSISTANT_MESSAGES.fileTooLarge] } });

export interface SingleUpload {
  file: { filename: string; data: Buffer };
  fields: Record<string, string>;
}

/**
 * Reads one multipart file plus its text fields. The size limit is enforced while streaming:
 * the upload is cut off at the limit and answered 413, never buffered beyond it. Fields and the
 * file name go through the same text rules as JSON bodies (no NUL, lone surrogate, overlong
 * value; a file name without control characters or a path): refused with a German 422 before
 * any service sees them, so nothing is written.
 */
export async function readSingleUpload(request: FastifyRequest, limitBytes: number): Promise<SingleUpload> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', ASSISTANT_MESSAGES.fileRequired, { fields: { file: [ASSISTANT_MESSAGES.fileRequired] } });
  const fields: Record<string, string> = {};
  let file: SingleUpload['file'] | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limitBytes, files: 1, fields: 20, fieldSize: FIELD_MAX_BYTES } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        const problem = fileNameProblem(part.filename);
        if (problem) throw new AppError('VALIDATION', problem, { fields: { file: [problem] } });
        file = { filename: part.filename, data };
      } else {
        const value = String(part.value);
        if (hasForbiddenChars(value) || hasForbiddenChars(part.fieldname)) {
          throw new AppError('VALIDATION', COMMON_MESSAGES.invalidCharacters, { fields: { [part.fieldname]: [COMMON_MESSAGES.invalidCharacters] } });
        }
        if (part.valueTruncated) throw new AppError('VALIDATION', COMMON_MESSAGES.fieldTooLong, { fields: { [part.fieldname]: [COMMON_MESSAGES.fieldTooLong] } });
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    // A missing boundary, a body cut off mid-way or too many parts is the client's fault: 4xx.
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION', COMMON_MESSAGES.invalidUpload, { fields: { file: [COMMON_MESSAGES.invalidUpload] } });
  }
  if (!file || file.data.length === 0) {
    throw new AppError('VALIDATION', ASSISTANT_MESSAGES.fileRequired, { fields: { file: [ASSISTANT_MESSAGES.fileRequired] } });
  }
  return { file, fields };
}

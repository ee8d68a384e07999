import { ERROR_STATUS, type ErrorCode, type FeedbackAction } from '../../shared/errors.ts';

/** The one error type services throw: a code for the status and a German message for the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly fields?: Record<string, string[]>;
  readonly feedback?: FeedbackAction;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    userMessage: string,
    extra: { fields?: Record<string, string[]>; feedback?: FeedbackAction; headers?: Record<string, string> } = {},
  ) {
    super(userMessage);
    this.code = code;
    this.userMessage = userMessage;
    this.fields = extra.fields;
    this.feedback = extra.feedback;
    this.headers = extra.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A PostgreSQL unique violation (23505), also when wrapped by the driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export const validationError = (field: string, message: string) =>
  new AppError('VALIDATION', message, { fields: { [field]: [message] } });

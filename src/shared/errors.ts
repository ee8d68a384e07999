// The error JSON every failing API call answers with.
export interface FeedbackAction {
  status: string;
  title: string;
  message: string;
  btnUrl?: string;
  btnText?: string;
}

export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string[]>;
  feedback?: FeedbackAction;
  /** Set for refusals a client reacts to specifically (CREDITS_EMPTY). */
  code?: string;
}

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** The team's credits do not cover the call (docs/credits.md). */
  CREDITS_EMPTY: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** A capability this server has not set up (e.g. image generation without a provider). */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

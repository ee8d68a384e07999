// The feedback page (/feedback?status&title&message[&btnUrl&btnText], docs/product/accounts.md) shows what its query
// says — and anyone can write a query. So the page shows only a feedback the product itself sends:
// each one is listed here, every sender takes it from here, and the page looks the query up
// (docs/security.md, "Feedback page"). A made-up title or message never appears on our domain.
import type { FeedbackAction } from './errors.ts';
import { COMMON_MESSAGES, CREDIT_MESSAGES } from './messages.ts';

export const FEEDBACKS = {
  registered: {
    status: 'success',
    title: COMMON_MESSAGES.registerSuccessTitle,
    message: COMMON_MESSAGES.registerSuccessMessage,
    btnUrl: '/',
    btnText: COMMON_MESSAGES.toOffice,
  },
  registeredVerify: { status: 'success', title: COMMON_MESSAGES.registerVerifyTitle, message: COMMON_MESSAGES.registerVerifyMessage },
  verified: {
    status: 'success',
    title: COMMON_MESSAGES.verifySuccessTitle,
    message: COMMON_MESSAGES.verifySuccessMessage,
    btnUrl: '/login',
    btnText: COMMON_MESSAGES.toLogin,
  },
  verifyInvalid: { status: 'error', title: COMMON_MESSAGES.verifyInvalidTitle, message: COMMON_MESSAGES.verifyTokenInvalid },
  resetSent: { status: 'success', title: COMMON_MESSAGES.resetSentTitle, message: COMMON_MESSAGES.resetSentMessage },
  resetDone: {
    status: 'success',
    title: COMMON_MESSAGES.resetDoneTitle,
    message: COMMON_MESSAGES.resetDoneMessage,
    btnUrl: '/login',
    btnText: COMMON_MESSAGES.toLogin,
  },
  trialEnded: {
    status: 'warning',
    title: CREDIT_MESSAGES.trialEndedTitle,
    message: CREDIT_MESSAGES.trialEnded,
    btnUrl: '/Offer',
    btnText: CREDIT_MESSAGES.trialEndedButton,
  },
} as const satisfies Record<string, FeedbackAction>;

export type KnownFeedback = (typeof FEEDBACKS)[keyof typeof FEEDBACKS];

/** The product's feedback this query names (every field equal), or null for anything else. */
export function knownFeedback(query: URLSearchParams): KnownFeedback | null {
  const same = (value: string | undefined, key: string) => (query.get(key) ?? undefined) === value;
  for (const feedback of Object.values(FEEDBACKS) as FeedbackAction[]) {
    if (['status', 'title', 'message', 'btnUrl', 'btnText'].every((key) => same(feedback[key as keyof FeedbackAction], key))) {
      return feedback as KnownFeedback;
    }
  }
  return null;
}

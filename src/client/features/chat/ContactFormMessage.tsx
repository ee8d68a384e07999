import { onDemand } from '../../lib/on-demand.tsx';

// The form (react-hook-form, zod) loads only when an answer brings one: most chats never do.
const ContactForm = onDemand(
  () => import('./contact-form/ContactForm.tsx').then((m) => m.ContactForm),
  <div style={{ minHeight: 120 }} aria-busy />,
);

export interface ContactFormMessageProps {
  assistantUuid: string;
  threadId: number;
  token: string;
  /** The form was sent (the stored message has status "submitted"): a confirmation instead. */
  submitted?: boolean;
}

/** The inline contact form (a message of type form). */
export function ContactFormMessage(props: ContactFormMessageProps) {
  return <ContactForm {...props} />;
}

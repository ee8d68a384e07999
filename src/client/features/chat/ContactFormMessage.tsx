import { ContactForm } from '../contact-form/ContactForm.tsx';

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

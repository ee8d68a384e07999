import AssignmentIcon from '@mui/icons-material/AssignmentIndOutlined';
import Box from '@mui/material/Box';
import { CT } from './texts.ts';

export interface ContactFormMessageProps {
  assistantUuid: string;
  threadId: number;
  token: string;
}

/** Placeholder for the inline contact form (a message of type form); the contact form feature replaces it. */
export function ContactFormMessage(_props: ContactFormMessageProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, opacity: 0.8 }}>
      <AssignmentIcon fontSize="small" aria-hidden />
      {CT.contactForm}
    </Box>
  );
}

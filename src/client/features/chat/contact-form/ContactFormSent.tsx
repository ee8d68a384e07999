import { CheckCircleIcon } from '../../../components/ui/icons/CheckCircleIcon.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { CONTACT_FORM_TEXTS } from './texts.ts';

/** The answered form: a confirmation instead of the inputs (also after a reload). */
export function ContactFormSent() {
  return (
    <Box role="status" data-testid="contact-form-sent" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25, py: 0.25 }}>
      <CheckCircleIcon style={{ color: '#23A26D', marginTop: 2 }} />
      <Box>
        <Typography sx={{ fontWeight: 700, fontSize: '0.9375rem' }}>{CONTACT_FORM_TEXTS.sentTitle}</Typography>
        <Typography sx={{ fontSize: '0.875rem', opacity: 0.75 }}>{CONTACT_FORM_TEXTS.sentText}</Typography>
      </Box>
    </Box>
  );
}

import { CheckCircleIcon } from '../../../components/ui/icons/CheckCircleIcon.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { FT } from './texts.ts';

/** The answered form: a confirmation instead of the inputs (also after a reload). */
export function ContactFormSent() {
  return (
    <Box role="status" data-testid="contact-form-sent" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25, py: 0.25 }}>
      <CheckCircleIcon style={{ color: '#23A26D', marginTop: 2 }} />
      <Box>
        <Typography sx={{ fontWeight: 700, fontSize: '0.9375rem' }}>{FT.sentTitle}</Typography>
        <Typography sx={{ fontSize: '0.875rem', opacity: 0.75 }}>{FT.sentText}</Typography>
      </Box>
    </Box>
  );
}

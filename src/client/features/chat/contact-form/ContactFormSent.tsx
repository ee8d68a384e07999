import CheckIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FT } from './texts.ts';

/** The answered form: a confirmation instead of the inputs (also after a reload). */
export function ContactFormSent() {
  return (
    <Box role="status" data-testid="contact-form-sent" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25, py: 0.25 }}>
      <CheckIcon sx={{ color: '#23A26D', mt: '2px' }} aria-hidden />
      <Box>
        <Typography sx={{ fontWeight: 700, fontSize: '0.9375rem' }}>{FT.sentTitle}</Typography>
        <Typography sx={{ fontSize: '0.875rem', opacity: 0.75 }}>{FT.sentText}</Typography>
      </Box>
    </Box>
  );
}

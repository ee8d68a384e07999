import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';

/** Title and explanation at the top of a wizard step. */
export function StepHeading({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography id="wizard-step-title" variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

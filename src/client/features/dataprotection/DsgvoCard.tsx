import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { ReactNode } from 'react';

/** The frame of the DSGVO cards: a heading, a short explanation, the content. */
export function DsgvoCard({ title, text, children, id }: { title: string; text: string; children: ReactNode; id: string }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3, maxWidth: '70ch' }}>
          {text}
        </Typography>
        {children}
      </Box>
    </Card>
  );
}

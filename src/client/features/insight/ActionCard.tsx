import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  /** Unique within the page: the heading's id and the test id are derived from it. */
  id: string;
  title: string;
  info?: ReactNode;
  /** The card's content is a form: Enter in a field submits it. */
  onSubmit?: () => void;
  /** Spans both columns of the action view's grid. */
  wide?: boolean;
  children: ReactNode;
}

const body = { display: 'flex', flexDirection: 'column', gap: 2, flex: 1 } as const;

/** One card of the action view: a region named by its heading; its content a form when it submits. */
export function ActionCard({ id, title, info, onSubmit, wide, children }: Props) {
  const titleId = `${id}-title`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid={id}
      sx={{
        p: { xs: 2.5, sm: 3 },
        maxWidth: 'none',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        gridColumn: wide ? '1 / -1' : undefined,
      }}
    >
      <Box>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {info && (
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {info}
          </Typography>
        )}
      </Box>
      {onSubmit ? (
        <Box component="form" noValidate onSubmit={submit} sx={body}>
          {children}
        </Box>
      ) : (
        <Box sx={body}>{children}</Box>
      )}
    </Card>
  );
}

/** The row of a card's buttons, at its bottom right. */
export function CardActions({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 'auto' }}>{children}</Box>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import type { AnswerSource } from '../../../shared/schemas/chat.ts';
import { TK } from './texts.ts';

/** The knowledge files (and page, sheet or slide) an answer drew on, under the answer. */
export function AnswerSources({ sources }: { sources: AnswerSource[] }) {
  return (
    <Box
      component="section"
      aria-label={TK.sources}
      data-testid="answer-sources"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {TK.sources}:
      </Typography>
      {sources.map((s) => {
        const label = s.location ? `${s.file}, ${s.location}` : s.file;
        return (
          <Chip
            key={label}
            size="small"
            variant="outlined"
            icon={<DescriptionIcon />}
            label={label}
            sx={{ maxWidth: '100%' }}
          />
        );
      })}
    </Box>
  );
}

import { DescriptionIcon } from '../../components/ui/icons/DescriptionIcon.ts';
import { DownloadIcon } from '../../components/ui/icons/DownloadIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { DsgvoCard } from './DsgvoCard.tsx';
import { useProcessorsQuery } from './api/capabilities.ts';
import { DSGVO_TEXTS } from './dsgvo-texts.ts';

/** Datenschutz → Verarbeitungsverzeichnis: the generated record as PDF and Markdown. */
export function ProcessingRecordCard() {
  const processors = useProcessorsQuery();
  return (
    <DsgvoCard id="dsgvo-record" title={DSGVO_TEXTS.recordTitle} text={DSGVO_TEXTS.recordText}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
        {DSGVO_TEXTS.processorsHeading}
      </Typography>
      {processors.data && processors.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {DSGVO_TEXTS.noProcessors}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(processors.data ?? []).map((p) => (
          <Box component="li" key={`${p.name}:${p.purpose}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {p.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 10rem' }}>
              {p.purpose}
            </Typography>
            <Chip size="small" variant="outlined" label={DSGVO_TEXTS.location[p.location]} color={p.location === 'eu' ? 'success' : p.location === 'non-eu' ? 'warning' : 'default'} />
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
        <Button variant="contained" startIcon={<DescriptionIcon />} href="/api/dataprotection/record/pdf" target="_blank" rel="noopener">
          {DSGVO_TEXTS.recordPdf}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/dataprotection/record/md" download>
          {DSGVO_TEXTS.recordMd}
        </Button>
      </Box>
    </DsgvoCard>
  );
}

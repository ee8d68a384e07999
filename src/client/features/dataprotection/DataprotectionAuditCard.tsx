import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { DsgvoCard } from './DsgvoCard.tsx';
import { useDataprotectionAuditQuery } from './api/audit.ts';
import { DSGVO_TEXTS, formatDateTime } from './dsgvo-texts.ts';

/** Datenschutz → Protokoll: every export, erasure and retention run, newest first. */
export function DataprotectionAuditCard() {
  const query = useDataprotectionAuditQuery();
  const entries = query.data ?? [];
  return (
    <DsgvoCard id="dsgvo-audit" title={DSGVO_TEXTS.auditTitle} text={DSGVO_TEXTS.auditText}>
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {DSGVO_TEXTS.auditEmpty}
        </Typography>
      ) : (
        <Box component="ol" aria-label={DSGVO_TEXTS.auditTitle} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 360, overflowY: 'auto' }} tabIndex={0}>
          {entries.map((e, i) => (
            <Box component="li" key={`${e.at}:${i}`} data-testid="audit-entry" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', pt: { sm: 0.25 } }}>
                {formatDateTime(e.at)}
              </Typography>
              <Typography variant="body2">
                {e.text}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {` · ${e.actor ?? DSGVO_TEXTS.system}`}
                </Box>
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </DsgvoCard>
  );
}

import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Container } from '../../components/ui/Container.ts';
import { Paper } from '../../components/ui/Paper.ts';
import type { UiStyle } from '../../components/ui/style.ts';
import type { LegalPage as LegalPageName } from '../../../shared/constants.ts';
import { renderMarkdown } from '../../components/markdown-render.tsx';
import { LegalLinks } from '../../components/LegalLinks.tsx';
import { MikaLogo } from '../../components/MikaLogo.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLegalPageQuery } from './legal-api.ts';

// The operator's Markdown through the one renderer (raw HTML dropped, links checked), styled as the
// app's typography.
const legalSx: UiStyle = {
  overflowWrap: 'anywhere',
  '& h1': { typography: 'h4', mt: 0, mb: 2, fontSize: { xs: '1.5rem', sm: '1.75rem' }, hyphens: 'auto' },
  '& h2': { typography: 'h6', mt: 4, mb: 1.5 },
  '& h3': { typography: 'subtitle1', mt: 3, mb: 1 },
  '& p': { typography: 'body1', mt: 0, mb: 1.75, color: 'text.secondary' },
  '& ul, & ol': { pl: 3, mt: 0, mb: 2, color: 'text.secondary', '& li': { mb: 0.75 } },
  '& blockquote': {
    mx: 0,
    mb: 3,
    px: 2,
    py: 1,
    border: '1px solid',
    borderColor: 'warning.main',
    borderRadius: '12px',
    color: 'warning.light',
    '& p': { mb: 0, color: 'inherit' },
  },
  '& a': { color: 'primary.light', fontWeight: 500 },
  '& hr': { border: 0, borderTop: '1px solid', borderColor: 'divider', my: 3 },
  '& strong': { color: 'text.primary', fontWeight: 600 },
};

/** /avv, /agb, /agb-public, /sla, /datenschutz: the operator's Markdown texts. */
export default function LegalPage({ page }: { page: LegalPageName }) {
  useDocumentTitle(COMMON_TEXTS.legalTitles[page]);
  const query = useLegalPageQuery(page);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2 }}
      >
        <Container maxWidth="md">
          <MikaLogo size={32} />
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 3, sm: 6 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 6 }, borderRadius: '20px' }}>
          {query.isPending && (
            <Box aria-label={COMMON_TEXTS.legalLoading}>
              <Skeleton variant="text" width="60%" height={48} />
              <Skeleton variant="text" />
              <Skeleton variant="text" />
              <Skeleton variant="text" width="80%" />
            </Box>
          )}
          {query.isError && <Alert severity="error">{COMMON_TEXTS.legalNotFound}</Alert>}
          {query.data && (
            <Box component="article" sx={{ overflowWrap: 'anywhere' }}>
              {query.data.template && (
                <Alert severity="warning" data-testid="legal-template-banner" sx={{ mb: 3 }}>
                  <AlertTitle>{COMMON_TEXTS.legalTemplateTitle}</AlertTitle>
                  {COMMON_TEXTS.legalTemplate}
                </Alert>
              )}
              <Box sx={legalSx}>{renderMarkdown(query.data.markdown)}</Box>
            </Box>
          )}
        </Paper>
      </Container>
      <Box component="footer" sx={{ py: 3 }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}

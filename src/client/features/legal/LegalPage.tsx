import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ReactMarkdown from 'react-markdown';
import type { Components } from 'react-markdown';
import type { LegalPage as LegalPageName } from '../../../shared/constants.ts';
import { LegalLinks } from '../../components/LegalLinks.tsx';
import { MikaLogo } from '../../components/MikaLogo.tsx';
import { T } from '../../lib/texts.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLegalPageQuery } from './legal-api.ts';

// Markdown as MUI typography. Raw HTML is never rendered (skipHtml), links to other sites open apart.
const MARKDOWN: Components = {
  h1: ({ children }) => (
    <Typography
      variant="h4"
      component="h1"
      sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '1.75rem' }, hyphens: 'auto' }}
    >
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => (
    <Typography variant="body1" sx={{ mb: 1.75, color: 'text.secondary' }}>
      {children}
    </Typography>
  ),
  ul: ({ children }) => (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, color: 'text.secondary', '& li': { mb: 0.75 } }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box component="ol" sx={{ pl: 3, mt: 0, mb: 2, color: 'text.secondary', '& li': { mb: 0.75 } }}>
      {children}
    </Box>
  ),
  blockquote: ({ children }) => (
    <Alert severity="warning" variant="outlined" sx={{ mb: 3, '& p': { mb: 0, color: 'inherit' } }}>
      {children}
    </Alert>
  ),
  a: ({ href, children }) => {
    const external = !!href && !href.startsWith('/');
    return (
      <Link href={href ?? '#'} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Link>
    );
  },
  hr: () => <Divider sx={{ my: 3 }} />,
  strong: ({ children }) => (
    <Box component="strong" sx={{ color: 'text.primary', fontWeight: 600 }}>
      {children}
    </Box>
  ),
};

/** /avv, /agb, /agb-public, /sla, /datenschutz: the operator's Markdown texts. */
export default function LegalPage({ page }: { page: LegalPageName }) {
  useDocumentTitle(T.legalTitles[page]);
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
            <Box aria-label={T.legalLoading}>
              <Skeleton variant="text" width="60%" height={48} />
              <Skeleton variant="text" />
              <Skeleton variant="text" />
              <Skeleton variant="text" width="80%" />
            </Box>
          )}
          {query.isError && <Alert severity="error">{T.legalNotFound}</Alert>}
          {query.data && (
            <Box component="article" sx={{ overflowWrap: 'anywhere' }}>
              <ReactMarkdown skipHtml components={MARKDOWN}>
                {query.data.markdown}
              </ReactMarkdown>
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

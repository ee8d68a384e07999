import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LegalLinks } from './LegalLinks.tsx';
import { MikaLogo } from './MikaLogo.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the title, e.g. a status icon. */
  icon?: ReactNode;
  /** Below the form, inside the card (links to the other screens). */
  footer?: ReactNode;
  documentTitle?: string;
  children: ReactNode;
}

/** The centred card of the public screens: logo, title, form, links and the legal links. */
export function AuthLayout({ title, subtitle, icon, footer, documentTitle, children }: Props) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
        background:
          'radial-gradient(900px 480px at 12% -10%, rgba(229, 72, 77, 0.16), transparent 60%), radial-gradient(800px 520px at 100% 110%, rgba(167, 139, 250, 0.12), transparent 60%)',
      }}
    >
      <Box
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 440,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: { xs: 3, sm: 4 } }}>
          <MikaLogo size={40} />
        </Box>
        <Card
          sx={{
            p: { xs: 3, sm: 5 },
            borderRadius: '20px',
            boxShadow: '0 24px 64px rgba(0, 0, 0, 0.35)',
            bgcolor: 'background.paper',
          }}
        >
          {icon && <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>{icon}</Box>}
          <Typography
            variant="h4"
            component="h1"
            sx={{ textAlign: icon ? 'center' : 'left', mb: subtitle ? 1 : 3 }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography
              variant="body2"
              component="div"
              sx={{ color: 'text.secondary', mb: 3.5, textAlign: icon ? 'center' : 'left' }}
            >
              {subtitle}
            </Typography>
          )}
          {children}
          {footer && (
            <Box sx={{ mt: 3, textAlign: 'center', color: 'text.secondary', typography: 'body2' }}>
              {footer}
            </Box>
          )}
        </Card>
      </Box>
      <Box component="footer" sx={{ mt: 4 }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}

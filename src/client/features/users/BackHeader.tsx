import { IconButton } from '../../components/ui/IconButton.ts';
import { Box } from '../../components/ui/Box.ts';
import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import type { ReactNode } from 'react';
import { Hint } from '../../components/ui/Hint.tsx';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { USER_TEXTS } from './texts.ts';
import { userListPath } from './user-view.ts';

interface Props {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** false: no way back to the list (employees see only their own profile). */
  back?: boolean;
}

/** A section header with a back arrow to the user list. */
export function BackHeader({ title, subtitle, actions, back = true }: Props) {
  if (!back) return <SectionHeader title={title} subtitle={subtitle} actions={actions} />;
  return (
    <Box sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, alignItems: 'flex-start' }}>
      <Hint title={USER_TEXTS.back}>
        <IconButton href={userListPath()} aria-label={USER_TEXTS.back} sx={{ mt: { xs: -0.25, sm: 0 }, ml: -1 }}>
          <ArrowBackIcon />
        </IconButton>
      </Hint>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <SectionHeader title={title} subtitle={subtitle} actions={actions} />
      </Box>
    </Box>
  );
}

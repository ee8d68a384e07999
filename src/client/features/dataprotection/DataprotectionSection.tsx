import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { T } from '../../lib/texts.ts';
import type { SectionProps } from '../../lib/section.ts';
import { DataprotectionForm } from './DataprotectionForm.tsx';
import { SupportAccessCard } from './SupportAccessCard.tsx';
import { DT } from './texts.ts';
import { useMainFilterQuery } from './filter-api.ts';
import { DsgvoCards } from './DsgvoCards.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';

/** Datenschutz (spec 03 §2): the team's protection level and filter, and support's accesses to the team. */
export default function DataprotectionSection(_props: SectionProps) {
  const query = useMainFilterQuery();

  let body;
  if (query.isPending) {
    body = (
      <Box aria-busy="true" aria-label={T.loading}>
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  } else if (!query.data) {
    body = (
      <LoadFailed query={query} text={DT.loadError} />
    );
  } else {
    // Keyed by the saved state: after saving, the form starts again from what the server holds.
    body = (
      <DataprotectionForm
        key={`${query.data.protection_level}:${query.data.filter}`}
        saved={query.data}
      />
    );
  }

  return (
    <>
      <SectionHeader title={DT.title} subtitle={DT.subtitle} />
      {body}
      <SupportAccessCard />
      <DsgvoCards />
    </>
  );
}

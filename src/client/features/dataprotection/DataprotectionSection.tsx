import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import type { SectionProps } from '../../lib/section.ts';
import { DataprotectionForm } from './DataprotectionForm.tsx';
import { SupportAccessCard } from './SupportAccessCard.tsx';
import { DATA_PROTECTION_TEXTS } from './texts.ts';
import { useMainFilterQuery } from './filter-api.ts';
import { DsgvoCards } from './DsgvoCards.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';

/** Datenschutz (docs/product/data-protection.md): the team's protection level and filter, and support's accesses to the team. */
export default function DataprotectionSection(_props: SectionProps) {
  const query = useMainFilterQuery();

  let body;
  if (query.isPending) {
    body = (
      <Box aria-busy="true" aria-label={COMMON_TEXTS.loading}>
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  } else if (!query.data) {
    body = (
      <LoadFailed query={query} text={DATA_PROTECTION_TEXTS.loadError} />
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
      <SectionHeader title={DATA_PROTECTION_TEXTS.title} subtitle={DATA_PROTECTION_TEXTS.subtitle} />
      {body}
      <SupportAccessCard />
      <DsgvoCards />
    </>
  );
}

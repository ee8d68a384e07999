import { AccessErasureCard } from './AccessErasureCard.tsx';
import { DataprotectionAuditCard } from './DataprotectionAuditCard.tsx';
import { ProcessingRecordCard } from './ProcessingRecordCard.tsx';
import { RetentionCard } from './RetentionCard.tsx';

/** The DSGVO toolkit below the protection level and filter (docs/dataprotection.md). */
export function DsgvoCards() {
  return (
    <>
      <RetentionCard />
      <AccessErasureCard />
      <ProcessingRecordCard />
      <DataprotectionAuditCard />
    </>
  );
}

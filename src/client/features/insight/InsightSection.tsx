import { SectionHeader } from '../../components/SectionHeader.tsx';
import { McpCard } from './McpCard.tsx';
import { TI } from './texts.ts';

/**
 * The operator area (superadmins only; spec 03 §Insight). For now it holds support's set-up of
 * external tools (MCP) per team; the team list and actions follow (issue 15).
 */
export default function InsightSection() {
  return (
    <>
      <SectionHeader title={TI.title} subtitle={TI.subtitle} />
      <McpCard />
    </>
  );
}

import { Box } from '../../components/ui/Box.ts';
import { Tab, Tabs } from '../../components/ui/Tabs.ts';
import { useSearchParams } from 'react-router';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import type { SectionProps } from '../../lib/section.ts';
import { PromotionCodes } from './PromotionCodes.tsx';
import { ProviderSettings } from './ProviderSettings.tsx';
import { TeamList } from './TeamList.tsx';
import { TeamView } from './TeamView.tsx';
import { INSIGHT_TEXTS } from './texts.ts';

const TABS = [INSIGHT_TEXTS.tabTeams, INSIGHT_TEXTS.tabPromotions, INSIGHT_TEXTS.tabProviders] as const;
type TabName = (typeof TABS)[number];

/**
 * The operator area (superadmins only; docs/product/operator-area.md): the list "Team Informationen" with the
 * promotion codes in a second tab, the AI providers ("KI-Anbieter") in a third, and a team's action view at /Insight?team={uuid} — a reload or
 * the back button keep where one was.
 */
export default function InsightSection(_props: SectionProps) {
  const [params, setParams] = useSearchParams();
  const teamUuid = params.get('team');

  if (teamUuid) {
    const back = () => {
      const next = new URLSearchParams(params);
      next.delete('team');
      void setParams(next);
    };
    return <TeamView key={teamUuid} teamUuid={teamUuid} onBack={back} />;
  }

  const tab: TabName = TABS.find((name) => name !== INSIGHT_TEXTS.tabTeams && name === params.get('tab')) ?? INSIGHT_TEXTS.tabTeams;
  return (
    <>
      <SectionHeader title={INSIGHT_TEXTS.title} subtitle={INSIGHT_TEXTS.subtitle} />
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setParams(value === INSIGHT_TEXTS.tabTeams ? {} : { tab: value }, { replace: true })}
        aria-label={INSIGHT_TEXTS.tabsLabel}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} id={`insight-tab-${name}`} aria-controls={`insight-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`insight-panel-${tab}`} aria-labelledby={`insight-tab-${tab}`}>
        {tab === INSIGHT_TEXTS.tabTeams ? <TeamList /> : tab === INSIGHT_TEXTS.tabPromotions ? <PromotionCodes /> : <ProviderSettings />}
      </Box>
    </>
  );
}

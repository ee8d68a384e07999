import { COLORS, translucent } from '../../../lib/theme-tokens.ts';
import { ToggleButton, ToggleButtonGroup } from '../../../components/ui/ToggleButton.ts';
import { PART, STATE } from '../../../components/ui/selectors.ts';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import { ASSISTANT_TYPES, type AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useChangeAssistantType } from '../api/change-assistant-type.ts';
import { TYPE_COLORS, TYPE_ICONS } from '../../../components/assistant-icons.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

/** Chat, task or image: saved at once with "Einstellung gespeichert". */
export function TypeSelector({ assistant }: { assistant: AssistantDetail }) {
  const mutation = useChangeAssistantType();
  const value = mutation.isPending ? mutation.variables.type : assistant.type;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={ASSISTANT_TEXTS.typeSelector}
      disabled={mutation.isPending}
      onChange={(_e, type: AssistantDetail['type'] | null) => {
        if (!type || type === assistant.type) return;
        mutation.mutate({ uuid: assistant.uuid, type }, { onSuccess: () => showSuccess(ASSISTANT_MESSAGES.settingSaved) });
      }}
      sx={{ bgcolor: 'surface.raised', [PART.toggleButton]: { px: 1.75, gap: 0.75, border: 0 } }}
    >
      {ASSISTANT_TYPES.map((type) => {
        const Icon = TYPE_ICONS[type];
        return (
          <ToggleButton
            key={type}
            value={type}
            sx={{
              [STATE.selected]: {
                color: `${TYPE_COLORS[type]}.light`,
                bgcolor: translucent(COLORS[TYPE_COLORS[type]], 0.1),
              },
            }}
          >
            <Icon size="small" />
            {ASSISTANT_TEXTS.typeLabels[type]}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}

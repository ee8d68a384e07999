import { useState } from 'react';
import { COLORS, translucent } from '../../../lib/theme-tokens.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ToggleButton, ToggleButtonGroup } from '../../../components/ui/ToggleButton.ts';
import { PART, STATE } from '../../../components/ui/selectors.ts';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import { ASSISTANT_TYPES, type AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useChangeAssistantType } from '../api/change-assistant-type.ts';
import { TYPE_COLORS, TYPE_ICONS } from '../../../components/assistant-icons.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

type AssistantType = AssistantDetail['type'];

/**
 * Chat, task or image: saved at once with "Einstellung gespeichert" (spec). A published chat Mika
 * leaves its website when it becomes a task or image Mika (the server unpublishes it): that switch
 * asks first, naming what happens.
 */
export function TypeSelector({ assistant }: { assistant: AssistantDetail }) {
  const mutation = useChangeAssistantType();
  const [asking, setAsking] = useState<Exclude<AssistantType, 'chat'> | null>(null);
  const value = mutation.isPending ? mutation.variables.type : assistant.type;
  const change = (type: AssistantType) =>
    mutation.mutate(
      { uuid: assistant.uuid, type },
      {
        onSuccess: () => {
          setAsking(null);
          showSuccess(ASSISTANT_MESSAGES.settingSaved);
        },
      },
    );
  return (
    <>
      {asking && (
        <ConfirmDialog
          title={ASSISTANT_TEXTS.typeUnpublishTitle}
          text={ASSISTANT_TEXTS.typeUnpublishText(assistant.name, asking)}
          detail={ASSISTANT_TEXTS.typeUnpublishDetail}
          confirmLabel={ASSISTANT_TEXTS.typeUnpublishConfirm}
          pending={mutation.isPending}
          onConfirm={() => change(asking)}
          onClose={() => setAsking(null)}
        />
      )}
      <TypeToggle
        value={value}
        disabled={mutation.isPending}
        onPick={(type) => {
          if (type === assistant.type) return;
          if (type !== 'chat' && assistant.type === 'chat' && assistant.is_public === 1) setAsking(type);
          else change(type);
        }}
      />
    </>
  );
}

function TypeToggle({
  value,
  disabled,
  onPick,
}: {
  value: AssistantType;
  disabled: boolean;
  onPick: (type: AssistantType) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={ASSISTANT_TEXTS.typeSelector}
      disabled={disabled}
      onChange={(_e, type: AssistantType | null) => {
        if (type) onPick(type);
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

import { typeTone } from '../../components/assistant-icons.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { Alert } from '../../components/ui/Alert.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Fragment } from 'react';
import type { TeamUser } from '../../../shared/schemas/users.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { USER_TEXTS } from './texts.ts';
import { useSetPermissionMutation, type AssistantRight, type PermissionType } from './users-api.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { PART } from '../../components/ui/selectors.ts';
import { withNameBreaks } from '../../lib/name-breaks.ts';
import { useChosen } from '../../lib/use-chosen.ts';

interface Props {
  member: TeamUser;
  assistants: AssistantRight[];
}

interface RightSwitchProps {
  label: string;
  /** The Mika the right is for: part of the switch's accessible name (a screen reader hears which). */
  subject?: string;
  checked: boolean;
  disabled: boolean;
  tooltip?: string;
  /** Saves the right; `settled` once the save succeeded or failed. */
  onChange: (value: boolean, settled: () => void) => void;
}

function RightSwitch({ label, subject, checked: stored, disabled, tooltip, onChange }: RightSwitchProps) {
  const [checked, choose] = useChosen(stored);
  const control = (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked, choose(event.target.checked))}
          // The visible label first (WCAG 2.5.3), then whose: "Nutzung erlaubt für Mika Allrounder".
          htmlInput={subject ? { 'aria-label': USER_TEXTS.rightFor(label, subject) } : undefined}
        />
      }
      sx={{ mr: 0, [PART.controlLabel]: { typography: 'body2', fontWeight: 500, whiteSpace: 'nowrap' } }}
    />
  );
  return tooltip ? (
    <Hint title={tooltip} disabled={disabled} label={disabled ? `${label}: ${tooltip}` : undefined}>
      {control}
    </Hint>
  ) : (
    control
  );
}

function AssistantRow({ member, assistant }: { member: TeamUser; assistant: AssistantRight }) {
  const mutation = useSetPermissionMutation();
  const locked = member.is_admin;
  // Default Mikas are adjusted only by the Mika team (docs/product/users-and-rights.md): an edit right would do nothing.
  const editLocked = locked || assistant.is_default === 1;

  const set = (type: PermissionType, value: boolean, settled: () => void) =>
    mutation.mutate(
      { userUuid: member.uuid, assistantId: assistant.id, type, value },
      { onSuccess: (result) => showSuccess(result.message), onSettled: settled },
    );

  return (
    <Box
      role="group"
      aria-label={assistant.name}
      data-testid="assistant-right"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: { xs: 1.5, sm: 3 },
        px: { xs: 2, sm: 3 },
        py: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flex: 1, minWidth: 0 }}>
        <Avatar name={assistant.name} image={assistant.image} tone={typeTone(assistant.type)} size={44} radius="12px" />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
            {withNameBreaks(assistant.name)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {[USER_TEXTS.typeLabels[assistant.type] ?? assistant.type, assistant.is_default === 1 ? USER_TEXTS.defaultMika : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', columnGap: 3, rowGap: 0, flexWrap: 'wrap', pl: { xs: 7.5, sm: 0 }, mt: { xs: -0.5, sm: 0 } }}>
        <RightSwitch
          label={USER_TEXTS.rightUse}
          subject={assistant.name}
          checked={assistant.can_use}
          disabled={locked}
          onChange={(value, settled) => set('can_use', value, settled)}
        />
        <RightSwitch
          label={USER_TEXTS.rightEdit}
          subject={assistant.name}
          checked={assistant.can_edit}
          disabled={editLocked}
          tooltip={!locked && assistant.is_default === 1 ? USER_TEXTS.defaultNotEditable : undefined}
          onChange={(value, settled) => set('can_edit', value, settled)}
        />
      </Box>
    </Box>
  );
}

/** "Alle Mikas nutzen": a new employee gets every Mika in one step (issue 11), each right as before. */
function UseAllSwitch({ member, assistants }: Props) {
  const mutation = useSetPermissionMutation();
  const all = assistants.length > 0 && assistants.every((a) => a.can_use);
  const setAll = async (value: boolean) => {
    let message = '';
    // One after another: each change updates the cached user optimistically.
    for (const assistant of assistants.filter((a) => a.can_use !== value)) {
      message = (await mutation.mutateAsync({ userUuid: member.uuid, assistantId: assistant.id, type: 'can_use', value })).message;
    }
    if (message) showSuccess(message);
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      <RightSwitch label={USER_TEXTS.rightUseAll} checked={all} disabled={mutation.isPending} onChange={(value, settled) => void setAll(value).catch(() => undefined).finally(settled)} />
    </Box>
  );
}

/** Rights tab (admins only): per Mika the switches Nutzung erlaubt and Anpassung erlaubt. */
export function RightsTab({ member, assistants }: Props) {
  return (
    <Card>
      <Box sx={{ p: { xs: 2.5, sm: 3 }, pb: { xs: 2, sm: 2.5 } }}>
        <Typography variant="h6" component="h2">
          {USER_TEXTS.rightsTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {USER_TEXTS.rightsSubtitle}
        </Typography>
        {!member.is_admin && assistants.some((a) => a.is_default === 1) && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {USER_TEXTS.defaultNotEditableHint}
          </Typography>
        )}
        {!member.is_admin && assistants.length > 1 && <UseAllSwitch member={member} assistants={assistants} />}
        {member.is_admin && (
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            {USER_TEXTS.rightsAdminHint}
          </Alert>
        )}
      </Box>
      <Divider />
      {assistants.length === 0 ? (
        <Typography sx={{ p: 3, color: 'text.secondary' }}>{USER_TEXTS.rightsEmpty}</Typography>
      ) : (
        assistants.map((assistant, index) => (
          <Fragment key={assistant.uuid}>
            {index > 0 && <Divider />}
            <AssistantRow member={member} assistant={assistant} />
          </Fragment>
        ))
      )}
    </Card>
  );
}

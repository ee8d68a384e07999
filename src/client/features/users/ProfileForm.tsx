import { Button } from '../../components/ui/Button.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Stack } from '../../components/ui/Stack.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { ZUpdateUserRequest, type TeamUser, type UpdateUserRequest } from '../../../shared/schemas/users.ts';
import { FormPasswordField, FormTextField } from '../../components/FormTextField.tsx';
import { showSuccess } from '../../state/snackbar-store.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { AdminSwitch } from './AdminSwitch.tsx';
import { PasswordRules } from './PasswordRules.tsx';
import { FormBlock } from './UserCreateView.tsx';
import { showServerErrors } from '../../lib/form-errors.ts';
import { EMPTY_PAIR, payloadResolver, type PasswordPair } from './form-support.ts';
import { USER_TEXTS } from './texts.ts';
import { useUpdateUserMutation } from './users-api.ts';
import { isOwner } from './user-view.ts';

interface ProfileValues {
  user: { uuid: string; name: string; email: string; is_admin: boolean };
  password: PasswordPair;
}

const FIELDS = ['user.name', 'user.email', 'password.password', 'password.password_confirmation'] as const;

interface Props {
  user: CurrentUser;
  member: TeamUser;
}

/** The admin switch is for the owner, and never on the owner's own record (docs/product/users-and-rights.md). */
function adminSwitchState(user: CurrentUser, member: TeamUser): 'hidden' | 'locked' | 'editable' {
  if (!user.is_admin || member.role === 'owner' || member.uuid === user.uuid) return 'hidden';
  return isOwner(user) ? 'editable' : 'locked';
}

/** Profile tab: name, e-mail, administrator status and an optional new password. */
export function ProfileForm({ user, member }: Props) {
  const mutation = useUpdateUserMutation();
  const adminState = adminSwitchState(user, member);
  const self = member.uuid === user.uuid;

  const toPayload = (values: ProfileValues): UpdateUserRequest => {
    const { is_admin, ...rest } = values.user;
    const pair = values.password;
    const changePassword = pair.password !== '' || pair.password_confirmation !== '';
    return {
      // Only the owner changes administrator rights; everyone else leaves them as they are.
      user: adminState === 'editable' ? { ...rest, is_admin } : rest,
      ...(changePassword ? { password: pair } : {}),
    };
  };

  const { control, handleSubmit, setError, reset } = useForm<ProfileValues, unknown, z.output<typeof ZUpdateUserRequest>>({
    resolver: payloadResolver(zodResolver(ZUpdateUserRequest), toPayload, () => true),
    defaultValues: {
      user: { uuid: member.uuid, name: member.name, email: member.email, is_admin: member.is_admin },
      password: EMPTY_PAIR,
    },
  });
  const password = useWatch({ control, name: 'password.password' });
  // The fields see the form values; the resolver's output (the payload) only reaches onSubmit.
  const fieldControl = control as unknown as Control<ProfileValues>;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      showSuccess(result.message);
      reset({ user: { ...values.user, is_admin: values.user.is_admin ?? member.is_admin }, password: EMPTY_PAIR });
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  const busy = mutation.isPending;

  return (
    <Card component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={USER_TEXTS.tabProfile}>
      <FormBlock title={USER_TEXTS.profileData}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <FormTextField control={fieldControl} name="user.name" label={USER_TEXTS.labelName} autoComplete={self ? 'name' : 'off'} />
            <FormTextField
              control={fieldControl}
              name="user.email"
              label={USER_TEXTS.labelEmail}
              type="email"
              autoComplete={self ? 'email' : 'off'}
            />
          </Box>
          {adminState !== 'hidden' && (
            <AdminSwitch control={fieldControl} name="user.is_admin" disabled={adminState === 'locked'} />
          )}
        </Stack>
      </FormBlock>
      <Divider />
      <FormBlock title={USER_TEXTS.changePassword}>
        <Stack spacing={2.5}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
            {member.is_verified ? USER_TEXTS.changePasswordHelp : USER_TEXTS.invitationPasswordHelp} {self && USER_TEXTS.ownPasswordHint}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <FormPasswordField
              control={fieldControl}
              name="password.password"
              label={USER_TEXTS.labelNewPassword}
              autoComplete="new-password"
            />
            <FormPasswordField
              control={fieldControl}
              name="password.password_confirmation"
              label={USER_TEXTS.labelPasswordConfirmation}
              autoComplete="new-password"
            />
          </Box>
          {password !== '' && <PasswordRules value={password} />}
        </Stack>
      </FormBlock>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 2.5, sm: 3 } }}>
        <Button type="submit" variant="contained" disabled={busy} loading={busy} sx={{ minWidth: 140 }}>
          {USER_TEXTS.save}
        </Button>
      </Box>
    </Card>
  );
}

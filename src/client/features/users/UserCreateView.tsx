import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Stack } from '../../components/ui/Stack.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { USER_MESSAGES } from '../../../shared/messages.ts';
import { ZCreateUserRequest, type CreateUserRequest } from '../../../shared/schemas/users.ts';
import { FormPasswordField, FormTextField } from '../../components/FormTextField.tsx';
import { showSuccess } from '../../state/snackbar-store.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { AccessChoice } from './AccessChoice.tsx';
import { AdminSwitch } from './AdminSwitch.tsx';
import { BackHeader } from './BackHeader.tsx';
import { PasswordRules } from './PasswordRules.tsx';
import { canCreateUser } from './UserList.tsx';
import { showServerErrors } from '../../lib/form-errors.ts';
import { EMPTY_PAIR, payloadResolver, type PasswordPair } from './form-support.ts';
import { USER_TEXTS } from './texts.ts';
import { useCreateUserMutation } from './users-api.ts';
import { isOwner, userEditPath, userListPath } from './user-view.ts';

interface CreateForm {
  name: string;
  email: string;
  is_admin: boolean;
  invitation: boolean;
  password: PasswordPair;
}

const FIELDS = ['name', 'email', 'password.password', 'password.password_confirmation'] as const;

/** With an invitation no password is sent: the user sets it through the mailed link. */
function toPayload(values: CreateForm): CreateUserRequest {
  const { password, ...rest } = values;
  return values.invitation ? rest : { ...rest, password };
}

const resolver = payloadResolver<CreateForm, CreateUserRequest, z.output<typeof ZCreateUserRequest>>(
  zodResolver(ZCreateUserRequest),
  toPayload,
  (values) => !values.invitation,
);

export function FormBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', display: 'block', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Create a team user: name, e-mail, administrator (owner only), password or invitation. */
export function UserCreateView({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const mutation = useCreateUserMutation();
  const allowed = canCreateUser(user);
  const { control, handleSubmit, setError, setValue, clearErrors } = useForm<
    CreateForm,
    unknown,
    z.output<typeof ZCreateUserRequest>
  >({
    resolver,
    defaultValues: { name: '', email: '', is_admin: false, invitation: false, password: EMPTY_PAIR },
  });
  const invitation = useWatch({ control, name: 'invitation' });
  const password = useWatch({ control, name: 'password.password' });
  // The fields see the form values; the resolver's output (the payload) only reaches onSubmit.
  const fieldControl = control as unknown as Control<CreateForm>;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await mutation.mutateAsync(values);
      showSuccess(created.message);
      // docs/product/users-and-rights.md: after creating, the edit view opens on the rights tab.
      void navigate(userEditPath(created.uuid, 'rights'));
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  const busy = mutation.isPending;

  return (
    <>
      <BackHeader title={USER_TEXTS.createTitle} subtitle={USER_TEXTS.createSubtitle} />
      {!allowed && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {USER_MESSAGES.userLimitReached}
        </Alert>
      )}
      <Card component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={USER_TEXTS.createTitle}>
        <FormBlock title={USER_TEXTS.sectionPerson}>
          <Stack spacing={2.5}>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <FormTextField control={fieldControl} name="name" label={USER_TEXTS.labelName} autoComplete="off" autoFocus />
              <FormTextField control={fieldControl} name="email" label={USER_TEXTS.labelEmail} type="email" autoComplete="off" />
            </Box>
            <AdminSwitch control={fieldControl} name="is_admin" disabled={!isOwner(user)} />
          </Stack>
        </FormBlock>
        <Divider />
        <FormBlock title={USER_TEXTS.sectionAccess}>
          <Stack spacing={2.5}>
            <AccessChoice
              invitation={invitation}
              disabled={busy}
              onChange={(value) => {
                setValue('invitation', value);
                if (value) clearErrors('password');
              }}
            />
            {!invitation && (
              <>
                <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                  <FormPasswordField
                    control={fieldControl}
                    name="password.password"
                    label={USER_TEXTS.labelPassword}
                    autoComplete="new-password"
                  />
                  <FormPasswordField
                    control={fieldControl}
                    name="password.password_confirmation"
                    label={USER_TEXTS.labelPasswordConfirmation}
                    autoComplete="new-password"
                  />
                </Box>
                <PasswordRules value={password} />
              </>
            )}
          </Stack>
        </FormBlock>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, p: { xs: 2.5, sm: 3 }, flexWrap: 'wrap' }}>
          <Button href={userListPath()} color="inherit" disabled={busy}>
            {USER_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={!allowed || busy} loading={busy} sx={{ minWidth: 140 }}>
            {USER_TEXTS.create}
          </Button>
        </Box>
      </Card>
    </>
  );
}

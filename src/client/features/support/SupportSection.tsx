import { COLORS } from '../../lib/theme-tokens.ts';
import { Button } from '../../components/ui/Button.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Stack } from '../../components/ui/Stack.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { CheckIcon } from '../../components/ui/icons/CheckIcon.ts';
import { MailReadIcon } from '../../components/ui/icons/MailReadIcon.ts';
import { SendIcon } from '../../components/ui/icons/SendIcon.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ZSupportRequest } from '../../../shared/schemas/users.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { showSuccess } from '../../state/snackbar-store.ts';
import type { SectionProps } from '../../lib/section.ts';
import { SUPPORT_TEXTS } from './texts.ts';
import { useSendSupportMutation, type SupportRequest } from './support-api.ts';

/** The theme's success.light (MUI: lighten(success, 0.2)). */
const SUCCESS_LIGHT = 'rgb(88, 195, 148)';

const MESSAGE_MIN = 30;
const EMPTY: SupportRequest = { subject: '', message: '' };

function SideCard({ email }: { email: string }) {
  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, alignSelf: 'start' }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <MailReadIcon style={{ color: COLORS.primaryText }} />
        <Typography variant="subtitle1" component="h2">
          {SUPPORT_TEXTS.replyTitle}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {SUPPORT_TEXTS.replyText(email)}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1.25 }}>
        {SUPPORT_TEXTS.tipsTitle}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {SUPPORT_TEXTS.tips.map((tip) => (
          <Box component="li" key={tip} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckIcon size={18} style={{ marginTop: 2, color: SUCCESS_LIGHT }} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {tip}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

/** Service und Support (docs/product/users-and-rights.md): subject and message go to the support mailbox. */
export default function SupportSection({ user }: SectionProps) {
  const mutation = useSendSupportMutation();
  const { control, handleSubmit, reset } = useForm<SupportRequest, unknown, z.output<typeof ZSupportRequest>>({
    resolver: zodResolver(ZSupportRequest),
    defaultValues: EMPTY,
  });
  const message = useWatch({ control, name: 'message' });
  const length = message.trim().length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      showSuccess(result.message);
      reset(EMPTY);
    } catch {
      // The api client has shown the server's message.
    }
  });

  return (
    <>
      <SectionHeader title={SUPPORT_TEXTS.title} subtitle={SUPPORT_TEXTS.subtitle} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' } }}>
        <Card
          component="form"
          noValidate
          aria-label={SUPPORT_TEXTS.title}
          onSubmit={(e) => void onSubmit(e)}
          sx={{ p: { xs: 2.5, sm: 4 } }}
        >
          <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', display: 'block', mb: 2 }}>
            {SUPPORT_TEXTS.formHeading}
          </Typography>
          <Stack spacing={2.5}>
            <FormTextField control={control} name="subject" label={SUPPORT_TEXTS.labelSubject} disabled={mutation.isPending} />
            <FormTextField
              control={control}
              name="message"
              label={SUPPORT_TEXTS.labelMessage}
              placeholder={SUPPORT_TEXTS.messagePlaceholder}
              multiline
              minRows={8}
              disabled={mutation.isPending}
              helperText={SUPPORT_TEXTS.messageCounter(length, MESSAGE_MIN)}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                endIcon={<SendIcon />}
                disabled={mutation.isPending}
                loading={mutation.isPending}
                sx={{ minWidth: 140 }}
              >
                {SUPPORT_TEXTS.send}
              </Button>
            </Box>
          </Stack>
        </Card>
        <SideCard email={user.email} />
      </Box>
    </>
  );
}

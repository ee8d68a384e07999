import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { RemoveCircleIcon } from '../../components/ui/icons/RemoveCircleIcon.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, type Control, type Path } from 'react-hook-form';
import type { McpServerAdmin } from '../../../shared/schemas/tools.ts';
import { FormPasswordField, FormTextField } from '../../components/FormTextField.tsx';
import { showServerErrors } from '../../lib/form-errors.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useCreateMcpServer, type McpServerPayload } from './api/create-mcp-server.ts';
import { useUpdateMcpServer } from './api/update-mcp-server.ts';
import { EMPTY_HEADER, formValuesOf, ZMcpForm, type McpFormValues } from './mcp-form.ts';
import { INSIGHT_TEXTS } from './texts.ts';

interface Props {
  teamUuid: string;
  /** null: a new server. */
  server: McpServerAdmin | null;
  onClose: () => void;
}

const MAX_HEADERS = 20;

/** Create or edit an MCP server: name, URL, description and header rows (values are secrets). */
export function McpServerDialog({ teamUuid, server, onClose }: Props) {
  const create = useCreateMcpServer(teamUuid);
  const update = useUpdateMcpServer(teamUuid);
  const busy = create.isPending || update.isPending;
  const { control, handleSubmit, setError } = useForm<McpFormValues, unknown, McpServerPayload>({
    resolver: zodResolver(ZMcpForm),
    defaultValues: formValuesOf(server),
  });
  // The fields see the form values; the resolver's output (the payload) only reaches onSubmit.
  const fieldControl = control as unknown as Control<McpFormValues>;
  const headers = useFieldArray({ control: fieldControl, name: 'headers' });

  const onSubmit = handleSubmit(async (payload) => {
    try {
      const saved = server
        ? await update.mutateAsync({ ...payload, mcpId: server.id })
        : await create.mutateAsync(payload);
      showSuccess(saved.message);
      onClose();
    } catch (error) {
      const fields: Path<McpFormValues>[] = ['name', 'url', 'description'];
      headers.fields.forEach((_, i) => fields.push(`headers.${i}.name`, `headers.${i}.value`));
      showServerErrors(error, setError, fields);
    }
  });

  const titleId = 'mcp-dialog-title';
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{server ? INSIGHT_TEXTS.editTitle : INSIGHT_TEXTS.createTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <FormTextField
            control={fieldControl}
            name="name"
            label={INSIGHT_TEXTS.name}
            autoComplete="off"
            htmlInput={{ maxLength: 80 }}
          />
          <FormTextField
            control={fieldControl}
            name="url"
            label={INSIGHT_TEXTS.url}
            type="url"
            autoComplete="off"
            helperText={INSIGHT_TEXTS.urlHelp}
            htmlInput={{ maxLength: 2000, spellCheck: false }}
          />
          <FormTextField
            control={fieldControl}
            name="description"
            label={INSIGHT_TEXTS.description}
            multiline
            minRows={2}
            htmlInput={{ maxLength: 2000 }}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600 }}>
              {INSIGHT_TEXTS.headerSection}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {INSIGHT_TEXTS.headerHelp}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {headers.fields.map((row, i) => (
                <Box
                  key={row.id}
                  role="group"
                  aria-label={INSIGHT_TEXTS.headerRow(i + 1)}
                  data-testid="mcp-header-row"
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    alignItems: 'start',
                    gridTemplateColumns: { xs: '1fr auto', sm: '2fr 3fr auto' },
                  }}
                >
                  <FormTextField
                    control={fieldControl}
                    name={`headers.${i}.name`}
                    label={INSIGHT_TEXTS.headerName}
                    autoComplete="off"
                    htmlInput={{ maxLength: 100, spellCheck: false }}
                  />
                  <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
                    <FormPasswordField
                      control={fieldControl}
                      name={`headers.${i}.value`}
                      label={INSIGHT_TEXTS.headerValue}
                      autoComplete="new-password"
                      helperText={row.stored ? INSIGHT_TEXTS.keepSecret : undefined}
                      htmlInput={{ maxLength: 4000, spellCheck: false }}
                    />
                  </Box>
                  <IconButton
                    onClick={() => headers.remove(i)}
                    aria-label={INSIGHT_TEXTS.removeHeader(i + 1)}
                    disabled={busy}
                    sx={{ mt: 1, gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
                  >
                    <RemoveCircleIcon />
                  </IconButton>
                </Box>
              ))}
            </Box>
            {headers.fields.length < MAX_HEADERS && (
              <Button
                startIcon={<AddIcon />}
                onClick={() => headers.append({ ...EMPTY_HEADER })}
                disabled={busy}
                sx={{ mt: 1.5 }}
              >
                {INSIGHT_TEXTS.addHeader}
              </Button>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {INSIGHT_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {INSIGHT_TEXTS.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

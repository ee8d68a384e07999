import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeFile, KnowledgeList } from '../../../../shared/schemas/knowledge.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

export interface UploadKnowledgeInput {
  assistantUuid: string;
  file: File;
  description: string;
  dataProtection: boolean;
  /** An uploaded file of the same Mika this one replaces once it is ready. */
  replaces?: string;
}

/** POST /api/knowledge, multipart {file, assistantUuid, description, dataProtection, replaces?}. */
export async function uploadKnowledge(input: UploadKnowledgeInput) {
  const body = new FormData();
  body.append('assistantUuid', input.assistantUuid);
  body.append('description', input.description);
  body.append('dataProtection', input.dataProtection ? '1' : '0');
  if (input.replaces) body.append('replaces', input.replaces);
  body.append('file', input.file, input.file.name);
  // The dialog shows a refusal next to the chosen file (UploadDialog); anything else it hands to the snackbar.
  return api.post<{ file: KnowledgeFile; message: string }>('/api/knowledge', body, { snackbar: false });
}

export function useUploadKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKnowledge,
    onSuccess: ({ file }, { assistantUuid }) => {
      // Shown at once ("hochgeladen"); the live channel moves it through the stages from here.
      // The refresh is not awaited: awaiting it let a small file's list arrive already "fertig"
      // before the progress dialog opened, so the dialog skipped every stage.
      queryClient.setQueryData<KnowledgeList>(knowledgeKeys.list(assistantUuid), (old) =>
        old && !old.files.some((f) => f.uuid === file.uuid) ? { ...old, files: [file, ...old.files] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(assistantUuid) });
    },
  });
}

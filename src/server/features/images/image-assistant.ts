import type { Assistant } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { IMAGE_MESSAGES } from '../../../shared/messages.ts';

/** The image screens work only on image Mikas: another type is a validation error. */
export function imageAssistantOnly(assistant: Assistant): Assistant {
  if (assistant.type !== 'image') throw new AppError('VALIDATION', IMAGE_MESSAGES.notImageAssistant);
  return assistant;
}

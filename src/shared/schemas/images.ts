import { z } from '../zod.ts';
import { COMMON_MESSAGES, IMAGE_MESSAGES, KNOWLEDGE_MESSAGES } from '../messages.ts';
import { IMAGE_DESCRIPTION_MAX, IMAGE_STYLES, STYLE_IMAGES_REQUIRED } from '../constants.ts';
import { isCleanText } from './common.ts';

// Image assistants (docs/product/tasks-and-images.md: Image styles, Task and image generation; docs/decisions/016-images.md).

const zAssistantUuid = z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant });
const zStyle = z.enum(IMAGE_STYLES, { error: IMAGE_MESSAGES.styleRequired });

/** Style image (docs/product/tasks-and-images.md): uuid and the URL it is served under (session + edit right). */
export const ZStyleImage = z.object({ uuid: z.uuid(), url: z.string() });
export type StyleImage = z.infer<typeof ZStyleImage>;

/** GET /api/styleimages/{assistantUuid}: the references and the assistant's style settings. */
export const ZStyleImageList = z.object({
  images: z.array(ZStyleImage),
  required: z.literal(STYLE_IMAGES_REQUIRED),
  main_style: z.string().nullable(),
  sub_style: z.string().nullable(),
  is_image_style_custom: z.union([z.literal(0), z.literal(1)]),
  /** A custom style was created from the current references and can be used. */
  custom_style_ready: z.boolean(),
});
export type StyleImageList = z.infer<typeof ZStyleImageList>;

export const ZStyleChooseRequest = z.object({
  assistantUuid: zAssistantUuid,
  selectedStyle: zStyle,
  selectedSubStyle: z.string().max(64).nullable().optional(),
});

export const ZStyleCreateRequest = z.object({ assistantUuid: zAssistantUuid, selectedStyle: zStyle });

export const ZOptimizedPromptRequest = z.object({
  assistantUuid: zAssistantUuid,
  input: z
    .string({ error: IMAGE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: IMAGE_MESSAGES.descriptionRequired })
    .max(IMAGE_DESCRIPTION_MAX, { error: IMAGE_MESSAGES.descriptionTooLong })
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters),
});

/** POST /api/optimizedprompt: the image row and the prompt it will be painted from. */
export const ZOptimizedPrompt = z.object({
  image_uuid: z.uuid(),
  prompt_str: z.string(),
  /** The image provider that will paint it (recraft, openai). */
  tool: z.string(),
});

export const ZCreateImageRequest = z.object({ imageUuid: z.uuid({ error: IMAGE_MESSAGES.imageNotFound }) });

export const IMAGE_STATUSES = ['prompted', 'queued', 'generating', 'storing', 'ready', 'error'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

export const ZGeneratedImage = z.object({
  uuid: z.uuid(),
  description: z.string(),
  prompt: z.string(),
  status: z.enum(IMAGE_STATUSES),
  error: z.string().nullable(),
  /** /image/{assistantUuid}/{imageUuid} once the picture is stored. */
  url: z.string().nullable(),
  created_at: z.string(),
});
export type GeneratedImage = z.infer<typeof ZGeneratedImage>;

export const ZGeneratedImageList = z.object({ images: z.array(ZGeneratedImage) });

// Live progress of a picture, to the assistant's image room (signed-in users with the use right).
export const JOIN_IMAGES_EVENT = 'JoinImages';
export const LEAVE_IMAGES_EVENT = 'LeaveImages';
export const IMAGE_PROGRESS_EVENT = 'ImageProgress';
export const imageRoom = (assistantUuid: string) => `images.${assistantUuid}`;

export interface ImageProgress {
  assistantUuid: string;
  imageUuid: string;
  status: ImageStatus;
  error: string | null;
}

// A topic's short title by the chat model (issue 33, decision 045): asked once per topic and chat
// model, from a few of its questions (contact data masked here, the privacy list's terms by the
// gate), and kept with the insight; offline the topic keeps the users' own word (topics.ts).
import { generateText } from 'ai';
import type { GatedChatModel } from '../../ai/gateway.ts';

const TITLE_PROMPT =
  'Hier sind Fragen, die Besucher oder Mitarbeitende einem Assistenten gestellt haben. Sie gehören zu einem Thema. ' +
  'Gib diesem Thema einen kurzen deutschen Titel aus höchstens vier Wörtern, so wie ein Team es in einer Übersicht schreiben würde. ' +
  'Antworte nur mit dem Titel, ohne Anführungszeichen und ohne Satzzeichen am Ende.';
const MAX_TITLE_CHARS = 60;
const MAX_WORDS = 6;

/** The model's answer as a title, or null when it is no usable title. */
export function cleanTitle(text: string): string | null {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? '';
  const title = line
    .replace(/^(titel|thema)\s*:\s*/iu, '')
    .replace(/^["'„“”«»*#\s]+|["'„“”«»*.!?:;\s]+$/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if (!title || title.length > MAX_TITLE_CHARS || title.split(' ').length > MAX_WORDS) return null;
  return title;
}

export interface TopicTitle {
  title: string | null;
  usage: { inputTokens: number; outputTokens: number };
}

/** One topic's title from up to five of its questions (already masked of contact data). */
export async function titleTopic(chat: GatedChatModel, questions: readonly string[], signal?: AbortSignal): Promise<TopicTitle> {
  const list = questions.slice(0, 5).map((q) => `- ${q.replace(/\s+/gu, ' ').slice(0, 300)}`).join('\n');
  const result = await generateText({
    model: chat.model,
    maxRetries: 1,
    maxOutputTokens: 30,
    ...(signal ? { abortSignal: signal } : {}),
    messages: [{ role: 'user', content: `${TITLE_PROMPT}\n\n${list}` }],
  });
  return {
    title: cleanTitle(result.text),
    usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
  };
}

import type { ModelMessage } from 'ai';
import type { CHAT_STYLES } from '../../shared/schemas/assistants.ts';
import type { Passage } from './offline-engine.ts';

// One German instruction per chat style of docs/product/chat-and-voice.md.
export const CHAT_STYLE_INSTRUCTIONS: Record<(typeof CHAT_STYLES)[number], string> = {
  'professionell und sachlich':
    'Antworte professionell und sachlich: klar gegliedert, präzise, ohne Umgangssprache und ohne Emojis.',
  'professionell, jung und modern':
    'Antworte professionell, aber jung und modern: locker formuliert, zeitgemäße Sprache, kurze Sätze.',
  'professionell, witzig und etwas frech':
    'Antworte professionell, dabei witzig und etwas frech: ein Augenzwinkern ist erlaubt, der Inhalt bleibt korrekt.',
  'sehr höflich und freundlich':
    'Antworte sehr höflich und freundlich: wertschätzend, geduldig und mit freundlichen Formulierungen.',
  'bestimmend, führend und leicht dominant':
    'Antworte bestimmt und führend, leicht dominant: gib klare Empfehlungen und nächste Schritte vor.',
  'freundlich, nett und witzig': 'Antworte freundlich, nett und mit Humor, ohne albern zu werden.',
  'umgangssprachlich, jung und frech': 'Antworte umgangssprachlich, jung und frech – wie unter Kolleginnen und Kollegen.',
};

export interface PromptAssistant {
  name: string;
  role: string;
  task: string;
  special: string;
  style: string;
  intro: string;
}

/** The system prompt: who the assistant is, what it does, how it talks, and what it knows. */
export function buildSystemPrompt(a: PromptAssistant, knowledge: Passage[]): string {
  const parts = [
    `Du bist "${a.name}". Antworte auf Deutsch, außer die Person schreibt ausdrücklich in einer anderen Sprache.`,
  ];
  if (a.role) parts.push(`## Rolle\n${a.role}`);
  if (a.task) parts.push(`## Aufgabe\n${a.task}`);
  const style = CHAT_STYLE_INSTRUCTIONS[a.style as keyof typeof CHAT_STYLE_INSTRUCTIONS];
  if (style) parts.push(`## Tonfall\n${style}`);
  if (a.special) parts.push(`## Besondere Eigenschaften\n${a.special}`);
  if (a.intro) parts.push(`## Deine Begrüßung (bereits gesendet)\n${a.intro}`);
  if (knowledge.length > 0) {
    parts.push(
      '## Wissen\nNutze diese Auszüge aus den Unterlagen des Teams, wenn sie zur Frage passen, und nenne die Quelle. ' +
        'Erfinde nichts, was nicht in den Unterlagen steht.\n' +
        knowledge
          .map((k, i) => `[${i + 1}] (${k.heading ? `${k.source} › ${k.heading}` : k.source}) ${k.context ?? k.text}`)
          .join('\n'),
    );
  }
  parts.push('Formatiere mit Markdown, wenn es die Antwort übersichtlicher macht. Verwende kein HTML.');
  return parts.join('\n\n');
}

/** Rough token estimate (≈ 4 characters per token), good enough for budgeting history. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** Keeps the newest messages that fit the budget; always keeps the newest one. */
export function trimHistory(messages: ModelMessage[], budgetTokens: number): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const cost = estimateTokens(typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
    if (kept.length > 0 && used + cost > budgetTokens) break;
    kept.unshift(m);
    used += cost;
  }
  // A conversation sent to a model starts with the user.
  while (kept.length > 1 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}

import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { OFFLINE_UNANSWERED } from './unanswered.ts';
import { splitTables, type TextPiece } from '../../shared/markdown-parse.ts';
import { isClosedSentence, joinSentences, splitPassages, splitSentences, terms } from './german-text.ts';
import { ASSET_FUNCTION, type AssetHandout, type AssetListing } from './tools/asset.ts';
import { EMAIL_FUNCTION } from './tools/email.ts';
import { CONTACT_FORM_FUNCTION } from './tools/contact-form.ts';
import {
  DOCUMENT_FUNCTION,
  fitDocumentTable,
  requestedDocumentFormat,
  type DocumentCreated,
  type DocumentFormat,
  type DocumentInput,
  type DocumentSection,
} from './tools/document.ts';
import { appendAll } from '../../shared/arrays.ts';

/** A piece of text the offline engine may quote, with where it comes from. */
export interface Passage {
  source: string;
  text: string;
  /** Knowledge passages: the file's name and page/sheet/slide, for the sources under an answer. */
  file?: string;
  location?: string;
  /** From a file uploaded with the data-protection switch: always masked on the way out. */
  filtered?: boolean;
  /** The passage's heading, for the model. */
  heading?: string;
  /**
   * What a model is given: the text with the neighbouring passages' adjoining sentences where the
   * section was cut. The offline engine quotes `text` only, so a quote is always one passage.
   */
  context?: string;
}

/**
 * What the offline engine answers from: the intro and knowledge passages. Never the role, task or
 * special properties — those are instructions to a model, not content to quote to a visitor.
 */
export interface OfflineContext {
  assistantName: string;
  intro: string;
  passages: Passage[];
  /** Who asks: decides what the "nothing to quote" explanation says about connecting a model. */
  audience?: OfflineAudience;
}

/** The operator (superadmin), a team admin, an employee, or a visitor of a public chat. */
export type OfflineAudience = 'operator' | 'admin' | 'employee' | 'visitor';

// "Schreib mir eine E-Mail", "Formuliere …", "Fasse … zusammen", "Übersetze …": work only a model does.
const WRITING_INTENT =
  /\b(schreib\w*|formulier\w*|verfass\w*|entw[iu]rf\w*|übersetz\w*|fass\w*\b[^.?!]*\bzusammen|zusammenfass\w*|korrigier\w*|überarbeit\w*|erstell\w*|denk\w* dir)/i;

// "Wie erstelle ich …?", "Kann ich … schreiben?": a question about something, not a request to write.
const QUESTION = /^\s*(wie|wo|was|wann|warum|wieso|weshalb|welche\w*|kann|kannst|können|gibt|bekomme\w*|muss|darf|ist|sind|hat|habe)\b[^?]*\?\s*$/i;

export function wantsWriting(text: string): boolean {
  if (QUESTION.test(text)) return false;
  return WRITING_INTENT.test(text) || requestedDocumentFormat(text) !== undefined;
}

/**
 * The one paragraph the offline engine says when it has nothing to quote: what offline mode can
 * do, and what connects a model — where (operator), whom to ask (admin, employee); a visitor of a
 * public chat learns only what this chat can do.
 */
export function offlineExplanation(audience: OfflineAudience = 'employee', writing = false): string {
  const task = writing
    ? 'Texte schreiben, umformulieren oder zusammenfassen kann ich erst mit einem angeschlossenen KI-Modell.'
    : 'Zu Deiner Frage habe ich in meinem Wissen keine passende Stelle gefunden.';
  const can =
    'Ohne KI-Modell zitiere ich passende Stellen aus meinem Wissen mit Quelle, biete hinterlegte Dateien an und nehme Kontaktwünsche auf.';
  const connect: Record<OfflineAudience, string> = {
    operator:
      'Ein KI-Modell verbindest Du als Betreiber unter „Insight“ → „KI-Anbieter“ auf der Karte „Chat“ (gilt sofort) oder in der Server-Konfiguration: Umgebungsvariablen AI_PROVIDER, AI_API_KEY und AI_CHAT_MODEL (docs/operations.md, Abschnitt „KI-Anbieter“), danach Mika neu starten.',
    admin:
      'Ein KI-Modell schließt der Betreiber dieses Mika-Servers an. Bitte ihn darum, z. B. über „Support“ in der Seitenleiste. Bis dahin antworten Eure eigenen Mikas aus dem Wissen, das Du ihnen in den Einstellungen unter „Wissen“ gibst.',
    employee:
      'Ein KI-Modell schließt der Betreiber dieses Mika-Servers an: Bitte Deine Administratorin oder Deinen Administrator, das zu veranlassen.',
    visitor: 'Formuliere Deine Frage gern mit anderen Stichworten.',
  };
  return `${task} ${can} ${connect[audience]}`;
}

export const OFFLINE_PROVIDER_KEY = 'mikaOffline';
const CONTACT_INTENT =
  /\b(kontakt\w*|rückruf\w*|zurückrufen|anrufen|ruft?\s+mich|melden|meldet|erreich\w*|termin\w*|beratung\w*|ansprechpartner\w*|angebot\s+an)/i;

export function wantsContact(text: string): boolean {
  return CONTACT_INTENT.test(text);
}
// Someone asking for a file, a document or something to download (then the asset list is checked).
const FILE_INTENT =
  /(datei\w*|dokument\w*|unterlage\w*|pdf|broschüre\w*|prospekt\w*|katalog\w*|liste\b|preisliste\w*|formular\w*|flyer|download\w*|herunterlad\w*|schick\w*|zusend\w*|bild\w*|foto\w*|plan\b|übersicht\w*)/i;

export function wantsFile(text: string): boolean {
  return FILE_INTENT.test(text);
}
// "Schick das an Frau Berger", "Leite die Antwort an Jonas Keller weiter", "Mail das bitte an …".
const MAIL_INTENT = /\b(?:schick|schreib|send|mail|leite|weiterleit)\w*\b[^?]*?\ban\s+([^!?\n]{3,80}?)(?:\s+weiter)?\s*[.!]?\s*$/i;

/** The recipient named in a request to send something by e-mail, if the text is one. */
export function mailRecipient(text: string): string | undefined {
  return MAIL_INTENT.exec(text.trim())?.[1]?.trim();
}
export const OFFLINE_NOTICE = 'Offline-Modus: Ich antworte ohne KI-Modell mit den passendsten Stellen aus meinem Wissen.';

interface Scored {
  passage: Passage;
  score: number;
  order: number;
}

/** Ranks passages by how many distinct question terms they contain, weighted by rarity (IDF). */
export function rankPassages(question: string, passages: Passage[], limit = 3): Passage[] {
  const q = [...new Set(terms(question))];
  if (q.length === 0) return [];
  const chunks = passages.flatMap((p) => splitPassages(p.text).map((text) => ({ source: p.source, text })));
  const docs = chunks.map((c) => new Set(terms(c.text)));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, docs.length);
  const scored: Scored[] = chunks.map((passage, order) => {
    let score = 0;
    for (const t of q) if (docs[order]!.has(t)) score += Math.log(1 + n / (df.get(t) ?? 1));
    return { passage, score, order };
  });
  // Deterministic: best score first, ties in document order.
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.passage);
}

const quotableOf = <P extends Passage>(question: string, best: P[]) => (wantsWriting(question) ? best.filter((p) => p.file) : best);

/** Whether the engine has something to quote for the question (else it explains offline mode). */
function hasQuotable(question: string, ctx: OfflineContext): boolean {
  return quotableOf(question, ctx.passages.slice(0, 2)).length > 0;
}

/** The complete German answer of the offline engine for one question. */
export function composeOfflineAnswer(question: string, ctx: OfflineContext): string {
  // The passages come ranked by the knowledge retrieval (which also matches compounds and other
  // word forms): the best two are considered, each quoted by its sentences closest to the question
  // (or its beginning when no sentence shares a word with the question); a table stays a table.
  // The second passage is quoted only when its quote names a word of the question the first quote
  // does not (or the first names none): one that repeats the first's match, or matched only by a
  // compound's part, would only distract from the answer.
  const asked = new Set(terms(question));
  const quoted = ctx.passages.slice(0, 2).map((p) => {
    const quote = quoteOf(question, p.text);
    return { ...p, text: quote.text, named: new Set(quote.matched ? terms(quote.text).filter((t) => asked.has(t)) : []) };
  });
  const first = quoted[0]?.named ?? new Set<string>();
  const best = quoted.filter((p, i) => i === 0 || first.size === 0 || [...p.named].some((t) => !first.has(t)));
  const lines = [`_${OFFLINE_NOTICE}_`, ''];
  // A writing request is never answered by quoting the intro: that is no answer to it.
  const quotable = quotableOf(question, best);
  if (quotable.length === 0) {
    lines.push(offlineExplanation(ctx.audience, wantsWriting(question)));
    return lines.join('\n');
  }
  best.splice(0, best.length, ...quotable);
  lines.push(best.length === 1 ? 'Dazu passt diese Stelle:' : 'Dazu passen diese Stellen:', '');
  for (const p of best) {
    const quote = p.text.split('\n').map((line) => (line.trim() ? `> ${line}` : '>'));
    // Under a table the source is a paragraph of its own.
    appendAll(lines, quote);
    if (p.text.includes('\n')) lines.push('>');
    lines.push(`> — *${p.source}*`, '');
  }
  return lines.join('\n').trimEnd();
}

type TablePiece = Extract<TextPiece, { type: 'table' }>;

/** A table as GitHub-flavoured Markdown (what the chat renders as a table); columns of numbers align right. */
function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\s+/g, ' ').replace(/\|/g, '\\|')).join(' | ')} |`;
  const numeric = header.map((_, i) => rows.some((r) => r[i]) && rows.every((r) => !r[i] || /^[-+]?[\d.,\s]*\d[\d.,\s]*\s?[%€]?$/.test(r[i])));
  return [line(header), line(numeric.map((n) => (n ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

/**
 * What the offline engine quotes of a passage: the sentences closest to the question, and its
 * tables as tables — the rows that name a word of the question (all rows when only the header
 * does, or when nothing else in the passage matches).
 */
function quoteOf(question: string, text: string): { text: string; matched: boolean } {
  const pieces = splitTables(text);
  const tables = pieces.filter((p): p is TablePiece => p.type === 'table');
  if (tables.length === 0) {
    const sentences = rankPassages(question, [{ source: '', text }], 1)[0]?.text;
    return sentences ? { text: sentences, matched: true } : { text: leadingSentences(text, 400), matched: false };
  }
  const prose = pieces.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n\n');
  const sentence = prose ? rankPassages(question, [{ source: '', text: prose }], 1)[0]?.text : undefined;
  const asked = new Set(terms(question));
  const names = (cells: string[]) => terms(cells.join(' ')).some((t) => asked.has(t));
  const quoted = tables.flatMap((t) => {
    const hits = t.rows.filter(names);
    if (hits.length > 0) return [markdownTable(t.header, hits)];
    return names(t.header) ? [markdownTable(t.header, t.rows)] : [];
  });
  const matched = quoted.length > 0 || Boolean(sentence);
  if (!matched) quoted.push(markdownTable(tables[0]!.header, tables[0]!.rows));
  return { text: [sentence, ...quoted].filter(Boolean).join('\n\n'), matched };
}

/** A passage's beginning in whole sentences, up to `max` characters (the first sentence always, cut only when it alone is far longer). */
function leadingSentences(text: string, max: number): string {
  let out = '';
  for (const s of splitSentences(text)) {
    if (out && out.length + s.length + 1 > max) break;
    out = joinSentences(out, s);
  }
  return out.length > max * 1.5 ? shorten(out, max) : out;
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, flat.lastIndexOf(' ', max))} …`;
}

/**
 * What the engine does next, like a model would: call the contact form when asked to be contacted;
 * when asked for a file, list the assets, then offer the one whose name or description matches the
 * question (or answer from the knowledge when none does); after a tool, write its follow-up.
 * `text: null` means the knowledge answer.
 */
function nextOfflineStep(options: LanguageModelV4CallOptions): { text?: string | null; call?: { name: string; input: string } } {
  const question = lastUserText(options);
  const offers = (name: string) => options.tools?.some((t) => t.name === name) === true;
  const last = options.prompt.at(-1);
  if (last?.role !== 'tool') {
    // A task that asks for a file ("als Word-Datei", "eine Präsentation"): the document tool is
    // offered only to task answers.
    const format = offers(DOCUMENT_FUNCTION) ? requestedDocumentFormat(question) : undefined;
    // Without matching knowledge there is nothing to build a document from: the plain
    // explanation answers instead of a placeholder document.
    if (format && offlineContext(options).passages?.some((p) => p.file)) {
      return { call: { name: DOCUMENT_FUNCTION, input: JSON.stringify(offlineDocument(options, question, format)) } };
    }
    const recipient = offers(EMAIL_FUNCTION) ? mailRecipient(question) : undefined;
    if (recipient) return { call: { name: EMAIL_FUNCTION, input: JSON.stringify(offlineMail(options, recipient)) } };
    if (offers(CONTACT_FORM_FUNCTION) && wantsContact(question)) return { call: { name: CONTACT_FORM_FUNCTION, input: '{}' } };
    if (offers(ASSET_FUNCTION) && wantsFile(question)) return { call: { name: ASSET_FUNCTION, input: '{}' } };
    return { text: null };
  }
  const result = last.content.find((c) => c.type === 'tool-result');
  if (result?.toolName === EMAIL_FUNCTION) {
    const said = result.output.type === 'text' || result.output.type === 'error-text' ? result.output.value : '';
    return { text: `_Offline-Modus:_ ${said || 'Die E-Mail konnte nicht gesendet werden.'}` };
  }
  if (result?.toolName === DOCUMENT_FUNCTION) {
    const created = result.output.type === 'json' ? (result.output.value as Partial<DocumentCreated>).erstellt : undefined;
    return {
      text: created
        ? `_Offline-Modus:_ Hier ist das Dokument „${created}“ – ohne KI-Modell aus den passenden Stellen meines Wissens zusammengestellt.`
        : '_Offline-Modus:_ Das Dokument konnte nicht erstellt werden.',
    };
  }
  if (result?.toolName !== ASSET_FUNCTION) return { text: CONTACT_FORM_REPLY };
  const output = result.output.type === 'json' ? (result.output.value as Partial<AssetListing & AssetHandout>) : {};
  if (output.angeboten) return { text: `_Offline-Modus:_ Gern! Hier ist die Datei „${output.angeboten}“ zum Öffnen oder Herunterladen.` };
  const candidates = (output.dateien ?? []).map((f) => ({ source: String(f.id), text: `${f.name.replace(/[._-]+/g, ' ')}. ${f.beschreibung}` }));
  const best = rankPassages(question, candidates, 1)[0];
  // Listed once already in this answer: no second listing, whatever came back.
  const listedBefore = options.prompt.filter((m) => m.role === 'tool').length > 1;
  if (!best || listedBefore) return { text: null };
  return { call: { name: ASSET_FUNCTION, input: JSON.stringify({ id: Number(best.source) }) } };
}

/**
 * What the offline engine mails: the conversation's last answer ("schick das an …"), else the
 * request itself — it writes nothing of its own.
 */
function offlineMail(options: LanguageModelV4CallOptions, recipient: string) {
  const ctx = (options.providerOptions?.[OFFLINE_PROVIDER_KEY] ?? {}) as unknown as Partial<OfflineContext>;
  const name = ctx.assistantName ?? 'Mika';
  let lastAnswer = '';
  for (let i = options.prompt.length - 1; i >= 0 && !lastAnswer; i--) {
    const m = options.prompt[i]!;
    if (m.role === 'assistant') {
      lastAnswer = m.content
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join(' ')
        .trim();
    }
  }
  return {
    empfaenger: recipient,
    betreff: `Nachricht aus dem Chat mit ${name}`,
    text: `Aus dem Chat mit ${name}:\n\n${lastAnswer || lastUserText(options)}`,
  };
}


/**
 * The offline engine's document: deterministic, from the knowledge passages it was given — never
 * from the intro, role, task or special properties. One section per passage with its source, and a
 * table of the sources; a presentation gets the sentences as points.
 */
export function offlineDocument(options: LanguageModelV4CallOptions, question: string, format: DocumentFormat): DocumentInput {
  const ctx = (options.providerOptions?.[OFFLINE_PROVIDER_KEY] ?? {}) as unknown as Partial<OfflineContext>;
  const name = (ctx.assistantName ?? 'Mika').slice(0, 100);
  // Knowledge only: the intro is no content for a document (and no document is built without any).
  const passages = (ctx.passages ?? []).filter((p) => p.file).slice(0, 4);
  const task = shorten(question, 200);
  const sections: DocumentSection[] = passages.flatMap((p) => {
    // The passage's text, then its table as a real table; a second table gets a section of its own.
    const pieces = splitTables(p.text);
    const prose = pieces.flatMap((piece) => (piece.type === 'text' ? [piece.text] : [])).join('\n\n');
    const tables = pieces.flatMap((piece) => (piece.type === 'table' ? [fitDocumentTable(piece.header, piece.rows)] : []));
    const said = splitSentences(prose).map((t) => shorten(t, 900));
    const first: DocumentSection = {
      ueberschrift: shorten(p.source, 150),
      ...(prose ? (format === 'pptx' ? { punkte: said.slice(0, 6) } : { absaetze: [shorten(prose, 3500)] }) : {}),
      ...(tables[0] ? { tabelle: tables[0] } : {}),
    };
    return [first, ...tables.slice(1).map((tabelle, i) => ({ ueberschrift: shorten(`${p.source} – Tabelle ${i + 2}`, 150), tabelle }))];
  });
  if (sections.length > 0) {
    sections.push({
      ueberschrift: 'Quellen',
      tabelle: {
        spalten: ['Nr.', 'Quelle', 'Kernaussage'],
        zeilen: passages.map((p, i) => [String(i + 1), shorten(p.source, 200), shorten(keyStatement(p.text), 240)]),
      },
    });
  }
  return {
    format,
    titel: `${name} – Zusammenstellung`,
    untertitel: `Aufgabe: „${task}“`,
    abschnitte: sections,
  };
}

/** A passage's first sentence, or the columns of its table when it is only a table. */
function keyStatement(text: string): string {
  const pieces = splitTables(text);
  const prose = pieces.find((p) => p.type === 'text');
  if (prose) {
    // A sentence rather than the heading above it.
    const sentences = splitSentences(prose.text);
    return sentences.find(isClosedSentence) ?? sentences[0] ?? prose.text;
  }
  const table = pieces.find((p): p is TablePiece => p.type === 'table');
  return table ? `Tabelle: ${table.header.join(', ')}` : text;
}

const offlineContext = (options: LanguageModelV4CallOptions) =>
  (options.providerOptions?.[OFFLINE_PROVIDER_KEY] ?? {}) as unknown as Partial<OfflineContext>;

const CONTACT_FORM_REPLY = '_Offline-Modus:_ Gern! Hinterlasse hier Deine Kontaktdaten – wir melden uns bei Dir.';

/** Splits text into word-sized stream chunks that join back to exactly the same text. */
export function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function lastUserText(options: LanguageModelV4CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const m = options.prompt[i]!;
    if (m.role === 'user') {
      return m.content
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join(' ');
    }
  }
  return '';
}

const usage = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/**
 * The offline engine as an AI SDK language model, so the pipeline is the same in both modes.
 * It reads its structured context from providerOptions (real providers ignore that key).
 */
export function createOfflineModel(opts: { wordDelayMs: number }): LanguageModelV4 {
  const contextOf = (options: LanguageModelV4CallOptions) => {
    const ctx = (options.providerOptions?.[OFFLINE_PROVIDER_KEY] ?? {}) as unknown as Partial<OfflineContext>;
    return {
      assistantName: ctx.assistantName ?? 'Mika',
      intro: ctx.intro ?? '',
      passages: ctx.passages ?? [],
      ...(ctx.audience ? { audience: ctx.audience } : {}),
    };
  };
  const answer = (options: LanguageModelV4CallOptions) => composeOfflineAnswer(lastUserText(options), contextOf(options));
  return {
    specificationVersion: 'v4',
    provider: 'mika-offline',
    modelId: 'offline',
    supportedUrls: {},
    async doGenerate(options) {
      const text = answer(options);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(0, 0),
        warnings: [],
      };
    },
    async doStream(options) {
      const step = nextOfflineStep(options);
      const chunks = step.text === undefined ? [] : wordChunks(step.text ?? answer(options));
      const signal = options.abortSignal;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          if (chunks.length > 0) controller.enqueue({ type: 'text-start', id: 't0' });
          for (const delta of chunks) {
            if (signal?.aborted) break;
            if (opts.wordDelayMs > 0) await new Promise((r) => setTimeout(r, opts.wordDelayMs));
            controller.enqueue({ type: 'text-delta', id: 't0', delta });
          }
          if (chunks.length > 0) controller.enqueue({ type: 'text-end', id: 't0' });
          if (step.call) {
            controller.enqueue({ type: 'tool-call', toolCallId: `${step.call.name}-${options.prompt.length}`, toolName: step.call.name, input: step.call.input });
          }
          // The offline engine costs nothing: it books no tokens.
          const reason = step.call ? 'tool-calls' : 'stop';
          // Nothing to quote: the structured "could not answer" signal (ai/unanswered.ts).
          const empty = step.text === null && !hasQuotable(lastUserText(options), contextOf(options));
          controller.enqueue({
            type: 'finish',
            usage: usage(0, 0),
            finishReason: { unified: reason, raw: reason },
            ...(empty ? { providerMetadata: { [OFFLINE_PROVIDER_KEY]: { ...OFFLINE_UNANSWERED } } } : {}),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}

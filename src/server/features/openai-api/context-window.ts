// The context-window check of /v1: input the model cannot take is refused before any provider is
// asked (OpenAI's `context_length_exceeded`), instead of being forwarded whole.

/**
 * A generous token estimate without the provider's tokenizer: a run of ASCII letters counts one
 * token per 4 letters, a run of digits one per 3, every other visible character (umlauts,
 * punctuation, other scripts, emoji) one token, a run of whitespace one per 4 characters
 * beyond the first. Typical German prose lands at or somewhat above what BPE tokenizers count;
 * text that tokenizes badly (other scripts, symbols) is not under-counted.
 */
export function estimateInputTokens(text: string): number {
  let tokens = 0;
  for (const m of text.matchAll(/[A-Za-z]+|[0-9]+|\s+|[^\sA-Za-z0-9]/gu)) {
    const run = m[0];
    const first = run.charCodeAt(0);
    if ((first >= 65 && first <= 90) || (first >= 97 && first <= 122)) tokens += Math.ceil(run.length / 4);
    else if (first >= 48 && first <= 57) tokens += Math.ceil(run.length / 3);
    else if (/\s/.test(run[0]!)) tokens += Math.floor((run.length - 1) / 4);
    else tokens += 1;
  }
  return tokens;
}

// The window itself is the chat provider's contextTokens (src/server/ai/providers.ts: Insight's
// setting, else AI_CONTEXT_WINDOWS for the model, else AI_CONTEXT_WINDOW); deps.ai.chatContextTokens.

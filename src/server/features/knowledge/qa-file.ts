// The Q&A file of a Mika's knowledge (knowledge-qa.ts) is known by its extension, never by its name:
// an upload always has a real file extension, and a renamed Q&A file stays the Q&A file.

/** The name the Q&A file gets when its first entry is stored (the team may rename it). */
export const QA_FILE_NAME = 'Fragen und Antworten';
export const QA_EXTENSION = 'qa';

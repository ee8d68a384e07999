import { FEEDBACK_REASONS, QUESTION_INSIGHT_MESSAGES } from '../../../shared/messages.ts';

// German texts of Einblicke (docs/product/insights.md): the thumbs under answers, the tab, the overview.
export const FEEDBACK_TEXTS = {
  up: 'Hilfreiche Antwort',
  down: 'Nicht hilfreiche Antwort',
  reasonTitle: 'Was war nicht gut?',
  reasons: FEEDBACK_REASONS,
  ownWords: 'Eigene Worte (optional)',
  send: 'Senden',
  skip: 'Ohne Grund',
  thanks: QUESTION_INSIGHT_MESSAGES.feedbackSaved,
} as const;

export const QUESTION_INSIGHT_TEXTS = {
  tabLabel: 'Einblicke',
  periods: [7, 30, 90] as const,
  period: (days: number) => `${days} Tage`,
  periodLabel: 'Zeitraum',
  topics: 'Themen',
  topicsEmpty: 'Noch keine Fragen in diesem Zeitraum. Sobald jemand fragt, erscheinen hier die Themen – spätestens nach einer Minute.',
  questions: (n: number) => (n === 1 ? '1 Frage' : `${n} Fragen`),
  answeredShare: (share: number) => `${Math.round(share * 100)} % beantwortet`,
  negativeShare: (share: number) => `${Math.round(share * 100)} % Daumen runter`,
  trend: (n: number) => (n > 0 ? `+${n} zum Zeitraum davor` : n < 0 ? `${n} zum Zeitraum davor` : 'gleich wie davor'),
  unanswered: 'Unbeantwortete Fragen',
  /** The same question asked more than once (one entry in the list). */
  askedTimes: (n: number) => `${n}-mal gefragt`,
  unansweredEmpty: 'Keine unbeantworteten Fragen in diesem Zeitraum.',
  fixed: 'Antwort hinterlegt',
  teach: 'Antwort hinterlegen',
  teachTitle: 'Antwort hinterlegen',
  teachInfo: 'Die Antwort wird als Frage und Antwort im Wissen des Mikas gespeichert. Ab der nächsten Frage antwortet er daraus.',
  question: 'Frage',
  answer: 'Antwort',
  save: 'Speichern',
  cancel: 'Abbrechen',
  feedback: 'Rückmeldungen',
  up: (n: number) => `${n} × Daumen hoch`,
  down: (n: number) => `${n} × Daumen runter`,
  builtAt: (time: string) => `Stand: ${time}`,
  loadFailed: 'Die Einblicke konnten nicht geladen werden.',
  overviewTitle: 'Einblicke: unbeantwortete Fragen',
  overviewInfo: 'Die Mikas mit den meisten unbeantworteten Fragen der letzten 30 Tage zuerst.',
  overviewEmpty: 'In den letzten 30 Tagen wurden Euren Mikas noch keine Fragen gestellt.',
  overviewRow: (questions: number, unanswered: number) => `${unanswered} von ${questions} unbeantwortet`,
  open: 'Öffnen',
} as const;

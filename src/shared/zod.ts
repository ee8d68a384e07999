import { z } from 'zod';

// Every rule without a message of its own answers in plain German, for the person at the form
// and for the developer at the API alike: what to do, never zod's internals («erwartet string,
// erhalten Zahl», «muss dem Muster /^…$/ entsprechen»). A rule whose wording the spec quotes keeps
// its own message; this map is the fallback for all the others.

const count = new Intl.NumberFormat('de-DE');
const n = (value: number | bigint) => count.format(value);

export const ZOD_MESSAGES = {
  required: 'Bitte fülle dieses Feld aus.',
  text: 'Bitte gib einen Text ein.',
  number: 'Bitte gib eine Zahl ein.',
  wholeNumber: 'Bitte gib eine ganze Zahl ein.',
  yesNo: 'Bitte gib Ja oder Nein an.',
  list: 'Bitte gib eine Liste an.',
  shape: 'Diese Angabe hat nicht die erwartete Form.',
  textMax: (max: number) => `Bitte kürze den Text auf höchstens ${n(max)} Zeichen.`,
  textMin: (min: number) => `Bitte gib mindestens ${n(min)} Zeichen ein.`,
  numberMax: (max: number | bigint) => `Bitte gib eine Zahl bis ${n(max)} an.`,
  numberMin: (min: number | bigint) => `Bitte gib eine Zahl ab ${n(min)} an.`,
  numberTooBig: 'Diese Zahl ist zu groß.',
  numberTooSmall: 'Diese Zahl ist zu klein.',
  listMax: (max: number) => `Höchstens ${n(max)} Einträge sind möglich.`,
  listMin: (min: number) => (min === 1 ? 'Bitte gib mindestens einen Eintrag an.' : `Bitte gib mindestens ${n(min)} Einträge an.`),
  fileMax: 'Die Datei ist zu groß.',
  choice: (values: string) => `Bitte wähle einen der erlaubten Werte: ${values}.`,
  email: 'Bitte gib eine gültige E-Mail-Adresse an.',
  url: 'Bitte gib eine gültige Adresse an (https://…).',
  id: 'Diese Kennung ist ungültig.',
  date: 'Bitte gib ein gültiges Datum an.',
  format: 'Die Eingabe hat nicht das erwartete Format.',
  multipleOf: (divisor: number | bigint) => `Bitte gib ein Vielfaches von ${n(divisor)} an.`,
  unknownKeys: (keys: string) => `Unbekannte Angabe: ${keys}.`,
  invalid: 'Ungültige Eingabe.',
} as const;

const ID_FORMATS = new Set(['uuid', 'uuidv4', 'uuidv6', 'uuidv7', 'guid', 'nanoid', 'cuid', 'cuid2', 'ulid', 'xid', 'ksuid']);
const DATE_FORMATS = new Set(['datetime', 'date', 'time', 'duration']);

/** An exclusive bound as the inclusive one a person reads («unter 10» → «bis 9» for whole numbers). */
function inclusive(bound: number | bigint, isInclusive: boolean | undefined, step: 1 | -1): number | bigint {
  if (isInclusive !== false) return bound;
  return typeof bound === 'bigint' ? bound + BigInt(step) : bound + step;
}

function typeMessage(expected: string, input: unknown): string {
  if (input === undefined) return ZOD_MESSAGES.required;
  switch (expected) {
    case 'string':
      return ZOD_MESSAGES.text;
    case 'number':
    case 'bigint':
    case 'nan':
      return ZOD_MESSAGES.number;
    case 'int':
      return ZOD_MESSAGES.wholeNumber;
    case 'boolean':
      return ZOD_MESSAGES.yesNo;
    case 'array':
    case 'set':
      return ZOD_MESSAGES.list;
    case 'date':
      return ZOD_MESSAGES.date;
    default:
      return ZOD_MESSAGES.shape;
  }
}

/** The German fallback message of every zod issue. */
const germanZodError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(issue.expected, issue.input);
    case 'too_big': {
      const max = inclusive(issue.maximum, issue.inclusive, -1);
      if (issue.origin === 'string') return ZOD_MESSAGES.textMax(Number(max));
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map') return ZOD_MESSAGES.listMax(Number(max));
      if (issue.origin === 'file') return ZOD_MESSAGES.fileMax;
      // `.int()` alone bounds by the safe integers: a number no person would read as a limit.
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return max >= Number.MAX_SAFE_INTEGER ? ZOD_MESSAGES.numberTooBig : ZOD_MESSAGES.numberMax(max);
      return ZOD_MESSAGES.invalid;
    }
    case 'too_small': {
      const min = inclusive(issue.minimum, issue.inclusive, 1);
      if (issue.origin === 'string') return Number(min) <= 1 ? ZOD_MESSAGES.required : ZOD_MESSAGES.textMin(Number(min));
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map') return ZOD_MESSAGES.listMin(Number(min));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return min <= Number.MIN_SAFE_INTEGER ? ZOD_MESSAGES.numberTooSmall : ZOD_MESSAGES.numberMin(min);
      return ZOD_MESSAGES.invalid;
    }
    case 'invalid_value': {
      const shown = issue.values.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
      return shown.length > 0 && shown.length === issue.values.length && shown.length <= 8 ? ZOD_MESSAGES.choice(shown.join(', ')) : ZOD_MESSAGES.invalid;
    }
    case 'invalid_format':
      if (issue.format === 'email') return ZOD_MESSAGES.email;
      if (issue.format === 'url') return ZOD_MESSAGES.url;
      if (ID_FORMATS.has(issue.format)) return ZOD_MESSAGES.id;
      if (DATE_FORMATS.has(issue.format)) return ZOD_MESSAGES.date;
      return ZOD_MESSAGES.format;
    case 'not_multiple_of':
      return ZOD_MESSAGES.multipleOf(issue.divisor);
    case 'unrecognized_keys':
      return ZOD_MESSAGES.unknownKeys(issue.keys.join(', '));
    default:
      return ZOD_MESSAGES.invalid;
  }
};

z.config({ localeError: germanZodError });

export { z };

import type { HandoffHours } from '../../db/schema/index.ts';

// Opening hours in Europe/Berlin (decision 044): ISO days 1 = Monday … 7 = Sunday, `to` inclusive
// of its minute (09:00–17:30 is open at 17:30:59 and closed at 17:31).

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const ISO_DAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday and HH:MM of a moment in Europe/Berlin. */
export function berlinWeekTime(at: Date): { day: number; time: string } {
  const parts = Object.fromEntries(PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: ISO_DAY[parts.weekday ?? ''] ?? 0, time: `${parts.hour}:${parts.minute}` };
}

/** Whether a moment lies within the opening hours (no hours: never open). */
export function isWithinHours(hours: HandoffHours[], at: Date): boolean {
  const now = berlinWeekTime(at);
  return hours.some((h) => h.day === now.day && h.from <= now.time && now.time <= h.to);
}

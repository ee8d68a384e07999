// Einblicke (issue 33) in `npm run bench`; alone: BENCH_ONLY=insights node scripts/bench.ts.
// 100,000 questions of one Mika over 90 days (40 topics of German questions, compounds and word
// pairs, typed variants): the offline grouping of all of them (the build job's work), and the
// insight page over HTTP (p50 / p95 of 50 calls), which reads the job's snapshot.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/client.ts';
import { buildInsight, groupQuestions, joinTopicsByMeaning } from '../src/server/features/question-insights/index.ts';
import { openInProcessApp } from './bench-in-process.ts';

const QUESTIONS = 100_000;
const DAYS = 90;

const SUBJECTS = [
  'Lieferzeit', 'Lieferkosten', 'Rückgabe', 'Versandkosten', 'Öffnungszeiten', 'Garantie', 'Rechnung', 'Ratenzahlung',
  'Montage', 'Ersatzteile', 'Gutschein', 'Kundenkonto', 'Passwort', 'Newsletter', 'Bestellstatus', 'Umtausch',
  'Reklamation', 'Stoffmuster', 'Farbauswahl', 'Lieferadresse', 'Zahlungsarten', 'Expressversand', 'Abholung', 'Filiale',
  'Pflegehinweise', 'Matratzen', 'Lattenrost', 'Sofabezug', 'Tischplatte', 'Küchenplanung', 'Beratungstermin', 'Aufbauservice',
  'Altmöbel', 'Entsorgung', 'Preisgarantie', 'Sonderangebote', 'Firmenkunden', 'Mengenrabatt', 'Lagerbestand', 'Vorbestellung',
];
const FRAMES = [
  (s: string) => `Wie ist das mit der ${s}?`,
  (s: string) => `Können Sie mir etwas zur ${s} sagen?`,
  (s: string) => `${s} – was muss ich wissen?`,
  (s: string) => `Was gilt bei ${s}?`,
  (s: string) => `Frage zu ${s}: wie lange dauert das?`,
  (s: string) => `${s.toLowerCase()} bitte erklären`,
  (s: string) => `Gibt es Infos zu ${s}?`,
  (s: string) => `Hallo, ich habe eine Frage zur ${s}.`,
];

export async function insightsBench(): Promise<string[]> {
  const rows: string[] = [];
  const questions = Array.from({ length: QUESTIONS }, (_, i) => FRAMES[(i * 7) % FRAMES.length]!(SUBJECTS[(i * 13) % SUBJECTS.length]!));

  // The grouping alone (what the job does per Mika), three runs.
  const grouping: number[] = [];
  let topics = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const g = groupQuestions(questions);
    grouping.push(performance.now() - t0);
    topics = new Set(g.keys).size;
  }
  console.log(`grouping: ${grouping.map((g) => Math.round(g)).join(', ')} ms, ${topics} topics`);

  // Topics joined by meaning (an embedding model configured): stored 256-dimension vectors, one
  // direction per subject plus noise per question, over the lexical topics of the same questions.
  const lexicalKeys = groupQuestions(questions).keys;
  const direction = (seed: number) => {
    let x = seed;
    return Array.from({ length: 256 }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5);
  };
  const subjects = SUBJECTS.map((_, i) => direction(i + 1));
  const vectors = questions.map((_, i) => {
    const base = subjects[(i * 13) % SUBJECTS.length]!;
    const noise = direction(1000 + (i % 997));
    return base.map((x, d) => x + 0.3 * noise[d]!);
  });
  const joining: number[] = [];
  let joined = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    joined = new Set(joinTopicsByMeaning(lexicalKeys, vectors)).size;
    joining.push(performance.now() - t0);
  }
  console.log(`joining by meaning: ${joining.map((g) => Math.round(g)).join(', ')} ms, ${joined} topics`);

  const { deps, agent, close } = await openInProcessApp('insights');
  try {
    const made = await agent.post('/api/assistant', {
      type: 'chat',
      name: 'Bench Einblicke',
      role: 'Du bist die Assistenz unseres Möbelhauses für alle Fragen.',
      task: 'Du beantwortest Fragen der Kundschaft zu Lieferung, Montage, Service und Zahlung. '.repeat(4),
      style: 'professionell und sachlich',
      is_public: 0,
      can_talk: 0,
    });
    if (made.status >= 300) throw new Error(`assistant: ${made.status} ${made.body.slice(0, 300)}`);
    const uuid = made.json<{ uuid: string }>().uuid;
    const [mika] = rowsOf<{ id: number; team_id: number }>(await deps.db.execute(sql`select id, team_id from assistants where uuid = ${uuid}`));
    // The rows as the answers would have written them, spread over 90 days.
    const now = Date.now();
    for (let i = 0; i < QUESTIONS; i += 5000) {
      const part = questions.slice(i, i + 5000).map((q, j) => ({
        question: q,
        at: new Date(now - ((i + j) / QUESTIONS) * DAYS * 86_400_000).toISOString(),
        unanswered: (i + j) % 9 === 0 ? 'no_match' : null,
        vote: (i + j) % 23 === 0 ? -1 : (i + j) % 17 === 0 ? 1 : null,
      }));
      await deps.db.execute(sql`
        insert into asked_questions (team_id, assistant_id, is_public, question, unanswered, vote, created_at, updated_at)
        select ${mika!.team_id}, ${mika!.id}, true, v.question, v.unanswered, v.vote, v.at, v.at
          from json_to_recordset(${JSON.stringify(part)}::json) as v(question text, at timestamptz, unanswered text, vote smallint)`);
    }
    const b0 = performance.now();
    await buildInsight(deps, mika!.id);
    const build = performance.now() - b0;
    // The next minute: 100 new questions join the existing topics (no full regroup within the hour).
    const fresh = Array.from({ length: 100 }, (_, i) => ({ question: FRAMES[i % FRAMES.length]!(SUBJECTS[(i * 7) % SUBJECTS.length]!), at: new Date().toISOString() }));
    await deps.db.execute(sql`
      insert into asked_questions (team_id, assistant_id, is_public, question, created_at, updated_at)
      select ${mika!.team_id}, ${mika!.id}, true, v.question, v.at, v.at
        from json_to_recordset(${JSON.stringify(fresh)}::json) as v(question text, at timestamptz)`);
    const i0 = performance.now();
    await buildInsight(deps, mika!.id);
    const incremental = performance.now() - i0;

    const latencies: number[] = [];
    for (const days of [90, 30, 7]) {
      for (let i = 0; i < 50; i++) {
        const t0 = performance.now();
        const res = await agent.get(`/api/insights/${uuid}?days=${days}`);
        if (res.status !== 200) throw new Error(`insight: ${res.status} ${res.body.slice(0, 200)}`);
        if (days === 90) latencies.push(performance.now() - t0);
      }
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
    const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
    rows.push(`| grouping ${QUESTIONS.toLocaleString('en')} questions offline (3 runs; ${topics} topics) | ${grouping.map((g) => `${(g / 1000).toFixed(1)} s`).join(', ')} |`);
    rows.push(`| joining the lexical topics of ${QUESTIONS.toLocaleString('en')} questions by their vectors (3 runs; ${topics} → ${joined} topics) | ${joining.map((g) => `${(g / 1000).toFixed(1)} s`).join(', ')} |`);
    rows.push(`| build job for one Mika with ${QUESTIONS.toLocaleString('en')} questions (load, group, store topics and snapshot; PGlite) | ${(build / 1000).toFixed(1)} s |`);
    rows.push(`| the next build with 100 new questions (they join the existing topics; full regroup at most hourly) | ${(incremental / 1000).toFixed(1)} s |`);
    rows.push(`| GET /api/insights/{uuid}?days=90 over ${QUESTIONS.toLocaleString('en')} questions, p50 / p95 (50 calls) | ${ms(pct(50))} / ${ms(pct(95))} |`);
  } finally {
    await close();
  }
  console.log(['| Einblicke | result |', '|---|---|', ...rows].join('\n'));
  return rows;
}

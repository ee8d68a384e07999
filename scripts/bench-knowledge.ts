// npm run bench (second part) — knowledge: ingestion speed and retrieval latency.
// Runs the real app in this process on a fresh embedded database (app.inject, no HTTP), so the
// retrieval query can be timed on its own. Results go to docs/performance.md by hand.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { searchPassages } from '../src/server/features/knowledge/index.ts';
import type { KnowledgeList } from '../src/shared/schemas/knowledge.ts';
import { Agent } from '../tests/setup/agent.ts';
import { uploadKnowledge } from '../tests/setup/knowledge-upload.ts';
import { makePdf } from '../tests/fixtures/office-files.ts';
import { TEST_SELLER_ENV } from '../tests/setup/seller-env.ts';

const CORPUS = path.resolve(import.meta.dirname, '../tests/fixtures/knowledge-corpus');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function waitReady(agent: Agent, assistantUuid: string, count: number) {
  for (;;) {
    const list = (await agent.get(`/api/knowledge/${assistantUuid}`)).json<KnowledgeList>();
    const done = list.files.filter((f) => f.status === 'ready' || f.status === 'error');
    if (done.length >= count) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-bench-knowledge-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'production',
    ...TEST_SELLER_ENV,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://bench.local',
  });
  const { app, deps } = await buildApp(config, database);
  await app.ready();
  try {
    const agent = new Agent(app);
    await agent.post('/api/register', {
      name: 'Bench Mark',
      email: 'bench@firma.de',
      password: 'geheim123',
      password_confirmation: 'geheim123',
      terms: true,
    });
    const newAssistant = async (name: string) =>
      (
        await agent.post('/api/assistant', {
          type: 'chat',
          name,
          role: 'Du bist die Assistenz unseres Teams für alle internen Fragen.',
          task: 'Du beantwortest Fragen aus den Unterlagen des Teams. '.repeat(6),
          style: 'professionell und sachlich',
          is_public: 0,
          can_talk: 0,
        })
      ).json<{ uuid: string }>().uuid;

    // Ingestion: a 100-page PDF, from the upload answer until "ready".
    const pdfAssistant = await newAssistant('Bench PDF');
    const page = (i: number) =>
      `Seite ${i}: ` + 'Die Lieferbedingungen regeln Versand, Haftung und Zahlung im Detail. '.repeat(25);
    const pdf = await makePdf(Array.from({ length: 100 }, (_, i) => page(i + 1)));
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await uploadKnowledge(agent, pdfAssistant, { name: `bedingungen-${i}.pdf`, data: pdf });
      await waitReady(agent, pdfAssistant, i + 1);
      runs.push(performance.now() - t0);
    }
    const ingest = percentile(runs, 50);

    // Retrieval: 100 files (the corpus documents, repeated with numbered variations).
    const searchAssistant = await newAssistant('Bench Suche');
    const docs = (await fs.readdir(CORPUS)).filter((f) => f.endsWith('.md'));
    for (let i = 0; i < 100; i++) {
      const name = docs[i % docs.length]!;
      const text = (await fs.readFile(path.join(CORPUS, name), 'utf8')).replace(
        /^# (.+)$/gm,
        `# $1 (Fassung ${i})`,
      );
      await uploadKnowledge(agent, searchAssistant, { name: `${i}-${name}`, data: Buffer.from(text) });
    }
    const list = await waitReady(agent, searchAssistant, 100);
    const passages = list.files.reduce((n, f) => n + f.passages, 0);
    const [row] = (
      await database.pglite!.query<{ id: number }>('select id from assistants where name = $1', [
        'Bench Suche',
      ])
    ).rows;
    const questions = JSON.parse(await fs.readFile(path.join(CORPUS, 'questions.json'), 'utf8')) as { q: string }[];
    const latencies: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await searchPassages(deps.db, row!.id, questions[i % questions.length]!.q, 5);
      latencies.push(performance.now() - t0);
    }
    console.log(
      [
        '| knowledge measurement | result |',
        '|---|---|',
        `| ingestion of a 100-page PDF (upload → ready, median of 3) | ${(ingest / 1000).toFixed(2)} s = **${(100 / (ingest / 1000)).toFixed(0)} pages/s** |`,
        `| retrieval over 100 files (${passages} passages), 300 queries, p50 / p95 | **${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 95).toFixed(1)} ms** |`,
      ].join('\n'),
    );
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();

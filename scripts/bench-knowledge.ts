// npm run bench (second part) — knowledge: ingestion speed, retrieval quality on the two frozen
// German QA sets (tests/fixtures/german-qa and german-qa-blind: S@1, MRR@10, the blind set also per
// category), retrieval latency at 10,000 passages, and text recognition of a scanned PDF (pages per
// second, and how long the event loop waits meanwhile). BENCH_ONLY=knowledge runs only this part of
// `npm run bench`; BENCH_ONLY=quality only the two QA sets (no ingestion or latency figures);
// BENCH_MISSES=1 lists the questions whose answer is not first; BENCH_RANKS=file.json writes each
// question's rank of its answer to that file.
// Runs the real app in this process on a fresh embedded database (app.inject, no HTTP), so the
// retrieval query can be timed on its own; BENCH_DATABASE_URL=postgres://… runs it on a fresh
// database of that PostgreSQL server instead. Results go to docs/performance.md by hand.
import fs from 'node:fs/promises';
import { searchPassages, vocabularyOf } from '../src/server/features/knowledge/index.ts';
import { resplitAssistant } from '../src/server/features/knowledge/index.ts';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { makePdf, makeScannedPdf } from '../tests/fixtures/office-files.ts';
import { loadGermanQa, meanWordOverlap, scoreQa, type QaSet } from '../tests/fixtures/german-qa/index.ts';
import { loadGermanQaBlind, scoreByCategory } from '../tests/fixtures/german-qa-blind/index.ts';
import { sql } from 'drizzle-orm';
import { openBenchApp, resplitIdle, uploadOrFail, waitReady } from './knowledge-bench-app.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'knowledge' && only !== 'quality') return;
  const qualityOnly = only === 'quality';
  const { agent, deps, database, newAssistant, assistantId, indexQaSet, close } = await openBenchApp();
  try {
    // Where a long run is (stderr; the results go to stdout at the end).
    const stage = (what: string) => console.error(`[knowledge bench ${new Date().toISOString().slice(11, 19)}] ${what}`);
    stage('ingestion of a 100-page PDF, 3 times');
    // Ingestion: a 100-page PDF, from the upload answer until "ready".
    const pdfAssistant = await newAssistant('Bench PDF');
    const page = (i: number) =>
      `Seite ${i}: ` + 'Die Lieferbedingungen regeln Versand, Haftung und Zahlung im Detail. '.repeat(25);
    const runs: number[] = [];
    for (let i = 0; i < (qualityOnly ? 0 : 3); i++) {
      // Each run its own bytes: the same file twice is refused as a duplicate.
      const pdf = await makePdf(Array.from({ length: 100 }, (_, p) => `Fassung ${i}. ${page(p + 1)}`));
      const t0 = performance.now();
      await uploadOrFail(agent, pdfAssistant, { name: `bedingungen-${i}.pdf`, data: pdf });
      await waitReady(agent, pdfAssistant, i + 1);
      runs.push(performance.now() - t0);
    }
    const ingest = qualityOnly ? 0 : percentile(runs, 50);

    // Text recognition: a scanned PDF of 10 dense A4 pages at 300 dpi, from the upload answer until
    // "ready" (one recognition worker; the first page includes its start), and the event loop's delay
    // meanwhile — what a chat answer on the same server would wait at most.
    const scanPages = 10;
    let ocrSeconds = 0;
    let loopP99 = 0;
    if (!qualityOnly) {
      stage(`text recognition of a ${scanPages}-page scanned PDF`);
      const scanAssistant = await newAssistant('Bench Scan');
      const paragraph = (i: number) =>
        `Seite ${i}. ` + 'Die Lieferbedingungen regeln Versand, Haftung und Zahlung im Detail. Reklamationen nehmen wir nur innerhalb von acht Tagen an. '.repeat(28);
      const scanned = await makeScannedPdf(Array.from({ length: scanPages }, (_, i) => paragraph(i + 1)));
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const t0 = performance.now();
      await uploadOrFail(agent, scanAssistant, { name: 'bedingungen-scan.pdf', data: scanned });
      await waitReady(agent, scanAssistant, 1);
      ocrSeconds = (performance.now() - t0) / 1000;
      loop.disable();
      loopP99 = loop.percentile(99) / 1e6;
    }

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const time = async (questions: string[], id: number) => {
      const latencies: number[] = [];
      for (const q of questions) {
        const t0 = performance.now();
        // As an answer retrieves: the vocabulary from memory (read with the first question; term-cache.ts).
        await searchPassages(deps.db, id, q, 5, [], await vocabularyOf(deps, id));
        latencies.push(performance.now() - t0);
      }
      return latencies;
    };

    // Quality: each frozen German QA set in one assistant of its own.
    const measureSet = async (name: string, set: QaSet) => {
      const id = await indexQaSet(name, set);
      const score = await scoreQa(set.questions, (q) => searchPassages(deps.db, id, q, 10));
      const latencies = await time(
        set.questions.map((q) => q.q),
        id,
      );
      return { score, latencies };
    };
    stage('the German QA sets');
    const qa = loadGermanQa();
    const first = await measureSet('Bench QA', qa);
    const blindSet = loadGermanQaBlind();
    const blind = await measureSet('Bench QA blind', blindSet);
    const qaRows = [
      `| first German QA set (written with the ranking): ${qa.questions.length} questions over ${qa.documents.length} documents, mean word overlap question/passage ${meanWordOverlap(qa.questions).toFixed(3)} | **S@1 ${first.score.successAt1.toFixed(3)}, MRR@10 ${first.score.mrrAt10.toFixed(3)}** |`,
      `| blind German QA set: ${blindSet.questions.length} questions over ${blindSet.documents.length} documents, mean word overlap ${meanWordOverlap(blindSet.questions).toFixed(3)} | **S@1 ${blind.score.successAt1.toFixed(3)}, MRR@10 ${blind.score.mrrAt10.toFixed(3)}** |`,
      ...scoreByCategory(blindSet, blind.score).map(
        (c) => `| … blind set, category ${c.category} (${c.n} questions) | S@1 ${c.successAt1.toFixed(3)}, MRR@10 ${c.mrrAt10.toFixed(3)} |`,
      ),
      `| retrieval over the first set (${qa.questions.length} passages), p50 / p95 | ${ms(percentile(first.latencies, 50))} / ${ms(percentile(first.latencies, 95))} |`,
      `| retrieval over the blind set (${blindSet.questions.length} passages), p50 / p95 | ${ms(percentile(blind.latencies, 50))} / ${ms(percentile(blind.latencies, 95))} |`,
    ];
    // BENCH_RANKS=file.json: each question's rank of its answer (1-based, 0 beyond 10), per set.
    if (process.env.BENCH_RANKS) {
      const ranks = (set: QaSet, score: typeof first.score) =>
        Object.fromEntries(set.questions.map((q, i) => [q.id, score.ranks[i]]));
      await fs.writeFile(
        process.env.BENCH_RANKS,
        JSON.stringify({ first: ranks(qa, first.score), blind: ranks(blindSet, blind.score) }, null, 1),
      );
    }
    const misses = () => {
      if (process.env.BENCH_MISSES)
        console.log(['first set:', ...first.score.misses, '', 'blind set:', ...blind.score.misses].join('\n'));
    };
    if (qualityOnly) {
      console.log([`database: ${database.kind}`, '| knowledge measurement | result |', '|---|---|', ...qaRows].join('\n'));
      misses();
      return;
    }

    stage('10,000 passages: upload, re-split, retrieval');
    // Scale: all QA documents in one file, again and again (headings numbered), to 10,000 passages.
    const searchAssistant = await newAssistant('Bench Suche');
    const copies = Math.ceil(10_000 / qa.questions.length);
    const all = qa.documents.map((d) => d.data.toString('utf8')).join('\n\n');
    const t0 = performance.now();
    for (let i = 0; i < copies; i++) {
      const text = all.replace(/^(#+) (.+)$/gm, `$1 $2 (Fassung ${i})`);
      await uploadOrFail(agent, searchAssistant, { name: `handbuch-${i}.md`, data: Buffer.from(text) });
    }
    const list = await waitReady(agent, searchAssistant, copies);
    const bulkSeconds = (performance.now() - t0) / 1000;
    const passages = list.files.reduce((n, f) => n + f.passages, 0);
    const scaleId = await assistantId('Bench Suche');
    await resplitIdle(deps.db);
    await deps.db.execute(sql`analyze knowledge_postings, knowledge_terms, knowledge_passages, knowledge_files`);
    const r0 = performance.now();
    await resplitAssistant(deps, scaleId);
    const resplitSeconds = (performance.now() - r0) / 1000;
    const latencies = await time(
      qa.questions.map((q) => q.q),
      scaleId,
    );
    console.log(
      [
        `database: ${database.kind}`,
        '| knowledge measurement | result |',
        '|---|---|',
        `| ingestion of a 100-page PDF (upload → ready, median of 3) | ${(ingest / 1000).toFixed(2)} s = **${(100 / (ingest / 1000)).toFixed(0)} pages/s** |`,
        `| text recognition of a ${scanPages}-page scanned PDF (A4, 300 dpi, dense text; upload → ready) | ${ocrSeconds.toFixed(1)} s = **${(ocrSeconds / scanPages).toFixed(1)} s/page**; event loop delay p99 meanwhile ${loopP99.toFixed(0)} ms |`,
        ...qaRows,
        `| retrieval over ${list.files.length} files (${passages} passages), ${latencies.length} questions, p50 / p95 | **${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}** |`,
        `| upload and indexing of those ${passages} passages (first upload → all ready) | ${bulkSeconds.toFixed(1)} s |`,
        `| re-splitting those ${passages} passages with the full vocabulary (the re-split job) | ${resplitSeconds.toFixed(1)} s |`,
      ].join('\n'),
    );
    misses();
  } finally {
    await close();
  }
}

await main();

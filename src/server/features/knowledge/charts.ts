// The charts of a PowerPoint or Word file (DrawingML parts `ppt/charts/chartN.xml`,
// `word/charts/chartN.xml`), and of an OpenDocument text or presentation (`Object N/content.xml`),
// as tables of what they show. officeparser hands over where a chart
// stands and the name of its part, but not its data unless every picture of the file is extracted
// too; so a presentation's «Umsatz je Quartal» was never found. The values are the chart's cached
// ones (what PowerPoint shows without its embedded workbook), under the chart's number format.
import { decodeXml } from '../../platform/xml-text.ts';
import { maxOf } from '../../../shared/arrays.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { formatCell } from './cell-format.ts';
import type { PackageParts } from './office-package.ts';

export interface Chart {
  /** The chart's title as shown, or '' when it has none. */
  title: string;
  /** A header row (the axis' title or '', then each series' name), then one row per category. */
  grid: string[][];
}

/** Enough for any chart a person reads; a generated one with more points is cut there. */
const MAX_POINTS = 1000;
const MAX_SERIES = 50;
/** A chart's part is a few kilobytes; a bigger one is not read (the patterns below scan it). */
export const MAX_CHART_PART_BYTES = 2 * 1024 * 1024;

/** A package's chart parts. */
export const isChartPart = (name: string) => /^(ppt|word)\/charts\/chart\d+\.xml$/.test(name);

/**
 * The package's charts by the file name of their part ("chart1.xml", as officeparser names a chart
 * node's attachment), from its parts unpacked with `isChartPart` (office-package.ts).
 */
export function packageCharts(parts: PackageParts): Map<string, Chart> {
  const charts = new Map<string, Chart>();
  for (const name of parts.names.filter(isChartPart)) charts.set(name.slice(name.lastIndexOf('/') + 1), readChart(parts.text(name)));
  return charts;
}

/**
 * Every `tag` element's inner XML (any namespace prefix): from each start tag to its end tag, or
 * to the next start tag of the same name. The parts read here do not nest in themselves; cutting
 * at the next start tag keeps the reading linear in a damaged part without end tags.
 */
function elements(xml: string | undefined, tag: string): string[] {
  if (xml === undefined) return [];
  const end = new RegExp(String.raw`</(?:\w+:)?${tag}>`);
  return xml
    .split(new RegExp(String.raw`<(?:\w+:)?${tag}(?=[\s/>])`))
    .slice(1)
    .map((part) => {
      const close = part.indexOf('>');
      if (close < 0 || part[close - 1] === '/') return '';
      const body = part.slice(close + 1);
      const at = body.search(end);
      return at < 0 ? body : body.slice(0, at);
    });
}

const element = (xml: string | undefined, tag: string): string | undefined => elements(xml, tag)[0];

/** The text runs (`a:t`) in `xml`, joined. */
const runText = (xml: string | undefined) => elements(xml, 't').map(decodeXml).join('').trim();

/** A cache's points by their index (`c:pt idx`); of a multi-level category cache, the innermost level. */
function points(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  const out: string[] = [];
  for (const pt of (element(xml, 'lvl') ?? xml).split(/<(?:\w+:)?pt(?=[\s/>])/).slice(1)) {
    const index = Number(/^[^>]*?\sidx="(\d+)"/.exec(pt)?.[1] ?? Number.NaN);
    if (index < MAX_POINTS) out[index] = decodeXml(element(pt, 'v') ?? '').trim();
  }
  return Array.from(out, (v) => v ?? '');
}

const attribute = (xml: string | undefined, tag: string, name: string) =>
  xml === undefined ? undefined : new RegExp(String.raw`<(?:\w+:)?${tag}\b[^>]*?\s${name}="([^"]*)"`).exec(xml)?.[1];

/** A cache's points as the chart shows them: numbers under the cache's format (else `fallback`), text as it is. */
function shownPoints(xml: string | undefined, fallback: string): string[] {
  const own = decodeXml(element(xml, 'formatCode') ?? '').trim();
  const format = own && own !== 'General' ? own : fallback;
  const numeric = xml !== undefined && /<(?:\w+:)?numCache\b/.test(xml);
  return points(xml).map((v) => (numeric && v !== '' && Number.isFinite(Number(v)) ? formatCell(Number(v), format) : v));
}

function readChart(xml: string): Chart {
  const chart = element(xml, 'chart') ?? xml;
  // The chart's own title comes before its plot area (an axis' title is inside it).
  const title = runText(element(chart.split(/<(?:\w+:)?plotArea(?=[\s/>])/)[0], 'title'));
  const plot = element(chart, 'plotArea') ?? chart;
  const series = elements(plot, 'ser').slice(0, MAX_SERIES);
  const columns = series.map((ser, i) => {
    const tx = element(ser, 'tx');
    const name = points(tx)[0] ?? (runText(tx) || KNOWLEDGE_MESSAGES.chartSeries(i + 1));
    const valuesXml = element(ser, 'val') ?? element(ser, 'yVal');
    // The values' own format, else the one their labels show them in, else General.
    const labels = element(ser, 'dLbls');
    const shown = attribute(labels, 'showVal', 'val') === '1' ? attribute(labels, 'numFmt', 'formatCode') : undefined;
    const values = shownPoints(valuesXml, shown === undefined ? 'General' : decodeXml(shown));
    // Categories that are dates or numbers are shown under their format too («Jan 26», not 46023).
    return { name, categories: shownPoints(element(ser, 'cat') ?? element(ser, 'xVal'), 'General'), values };
  });
  const categories = columns.find((c) => c.categories.length > 0)?.categories ?? [];
  const rows = Math.max(categories.length, maxOf(columns.map((c) => c.values.length), 0));
  const axisTitle = runText(element(element(plot, 'catAx') ?? element(plot, 'dateAx') ?? element(plot, 'valAx'), 'title'));
  const grid = [[axisTitle, ...columns.map((c) => c.name)]];
  for (let r = 0; r < rows; r++) grid.push([categories[r] ?? String(r + 1), ...columns.map((c) => c.values[r] ?? '')]);
  return { title, grid };
}

/** An OpenDocument file's embedded objects' contents, of which the charts are read (odfCharts). */
export const isOdfObjectPart = (name: string) => /^Object \d+\/content\.xml$/.test(name);

/**
 * The charts of an OpenDocument text or presentation by their object's name ("Object 1", as
 * officeparser names the node it reads as the chart's replacement picture), from its parts
 * unpacked with `isOdfObjectPart`: a LibreOffice chart keeps its data in its own table.
 */
export function odfCharts(parts: PackageParts): Map<string, Chart> {
  const charts = new Map<string, Chart>();
  for (const name of parts.names.filter(isOdfObjectPart)) {
    const xml = parts.text(name);
    if (/<office:chart\b/.test(xml)) charts.set(name.slice(0, name.indexOf('/')), readOdfChart(xml));
  }
  return charts;
}

/** A chart's title and its data table («local-table»: a header row of series, a row per category). */
function readOdfChart(xml: string): Chart {
  const texts = (part: string) =>
    elements(part, 'p')
      .map((p) => decodeXml(p.replace(/<[^>]*>/g, '')).trim())
      .join(' ')
      .trim();
  const title = texts(element(xml, 'title') ?? '');
  const table = element(xml, 'table') ?? '';
  const rowsOf = (part: string) =>
    [...part.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
      [...row[1]!.matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap((cell) => {
        const attributes = cell[1]!;
        const repeat = Math.min(Number(/table:number-columns-repeated="(\d+)"/.exec(attributes)?.[1] ?? 1), MAX_SERIES);
        const value = /office:value-type="float"/.test(attributes) ? /office:value="([^"]*)"/.exec(attributes)?.[1] : undefined;
        const shown = value !== undefined && Number.isFinite(Number(value)) ? formatCell(Number(value), 'General') : texts(cell[2] ?? '');
        return Array.from({ length: repeat }, () => shown);
      }),
    );
  const header = rowsOf(element(table, 'table-header-rows') ?? '')[0] ?? [];
  const rows = rowsOf(element(table, 'table-rows') ?? '').slice(0, MAX_POINTS);
  const width = Math.min(Math.max(header.length, maxOf(rows.map((r) => r.length), 0)), MAX_SERIES + 1);
  const grid = [header, ...rows].map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  return { title, grid: rows.length > 0 ? grid : [] };
}

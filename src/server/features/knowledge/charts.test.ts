import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { isChartPart, MAX_CHART_PART_BYTES, packageCharts } from './charts.ts';
import { packageParts } from './office-package.ts';

const chartsOf = (zip: Uint8Array) => packageCharts(packageParts(zip, isChartPart, MAX_CHART_PART_BYTES));

// A chart part as PowerPoint and Word write it (DrawingML, ECMA-376 part 1, 21.2): cached values,
// a date axis with its number format, a series without a name, a point left out.
const chartPart = (title: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart>${title}<c:plotArea><c:lineChart>
<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:strRef><c:f>Tabelle1!$B$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Besucher &amp; Gäste</c:v></c:pt></c:strCache></c:strRef></c:tx>
<c:cat><c:numRef><c:f>Tabelle1!$A$2:$A$3</c:f><c:numCache><c:formatCode>mmm yy</c:formatCode><c:ptCount val="2"/><c:pt idx="0"><c:v>46023</c:v></c:pt><c:pt idx="1"><c:v>46054</c:v></c:pt></c:numCache></c:numRef></c:cat>
<c:val><c:numRef><c:f>Tabelle1!$B$2:$B$3</c:f><c:numCache><c:formatCode>#,##0</c:formatCode><c:ptCount val="2"/><c:pt idx="0"><c:v>1200</c:v></c:pt><c:pt idx="1"><c:v>15000.4</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>
<c:ser><c:idx val="1"/><c:order val="1"/><c:val><c:numRef><c:numCache><c:formatCode>0.0%</c:formatCode><c:ptCount val="2"/><c:pt idx="0"><c:v>0.125</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>
</c:lineChart><c:dateAx><c:axId val="1"/><c:title><c:tx><c:rich><a:p><a:r><a:t>Monat</a:t></a:r></a:p></c:rich></c:tx></c:title></c:dateAx></c:plotArea></c:chart></c:chartSpace>`;

describe('charts of a presentation or Word file', () => {
  it('reads a chart part as a table: dates and numbers under their formats, named by the part', () => {
    const title = '<c:title><c:tx><c:rich><a:p><a:r><a:t>Besucher </a:t></a:r><a:r><a:t>je Monat</a:t></a:r></a:p></c:rich></c:tx></c:title>';
    const charts = chartsOf(zipSync({ 'ppt/charts/chart7.xml': strToU8(chartPart(title)), 'ppt/slides/slide1.xml': strToU8('<p:sld/>') }));
    expect([...charts.keys()]).toEqual(['chart7.xml']);
    expect(charts.get('chart7.xml')).toEqual({
      title: 'Besucher je Monat',
      grid: [
        ['Monat', 'Besucher & Gäste', 'Reihe 2'],
        ['Jan 26', '1.200', '12,5%'],
        ['Feb 26', '15.000', ''],
      ],
    });
  });

  it('takes no axis title for the chart title, and reads Word\'s chart parts too', () => {
    const charts = chartsOf(zipSync({ 'word/charts/chart1.xml': strToU8(chartPart('<c:autoTitleDeleted val="1"/>')) }));
    expect(charts.get('chart1.xml')?.title).toBe('');
    expect(charts.get('chart1.xml')?.grid[0]).toEqual(['Monat', 'Besucher & Gäste', 'Reihe 2']);
  });

  it('reads a damaged part without end tags in linear time', () => {
    const damaged = `<c:chartSpace><c:chart><c:plotArea><c:barChart>${'<c:ser><c:val><c:numCache><c:pt idx="1"><c:v>1'.repeat(40_000)}`;
    const started = performance.now();
    const chart = chartsOf(zipSync({ 'ppt/charts/chart1.xml': strToU8(damaged) })).get('chart1.xml');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(chart?.grid).toHaveLength(3);
  });
});

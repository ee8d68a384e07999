import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * The official e-invoice rules (../shared/validators/, README there): the EN 16931 CII schematron
 * and the KoSIT XRechnung CII schematron, run with SaxonJS. Each stylesheet is compiled once to a
 * SEF file (10–20 s) and cached in the temp folder by the stylesheet's hash.
 */
const require = createRequire(import.meta.url);
const SaxonJS = require('saxon-js') as {
  transform(options: Record<string, unknown>, mode: 'async'): Promise<{ principalResult: string }>;
};

const VALIDATORS = path.resolve(import.meta.dirname, '../../../shared/validators');
export const RULE_SETS = {
  en16931: path.join(VALIDATORS, 'en16931-cii/EN16931-CII-validation.xslt'),
  xrechnung: path.join(VALIDATORS, 'xrechnung-cii/XRechnung-CII-validation.xsl'),
} as const;
export type RuleSet = keyof typeof RULE_SETS;

function compiled(rules: RuleSet): string {
  const xsl = RULE_SETS[rules];
  const hash = createHash('sha256').update(fs.readFileSync(xsl)).digest('hex').slice(0, 16);
  const sef = path.join(os.tmpdir(), `mika-${rules}-${hash}.sef.json`);
  if (!fs.existsSync(sef)) {
    const tmp = `${sef}.${process.pid}.tmp`;
    execFileSync(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${xsl}`, `-export:${tmp}`, '-nogo'], { stdio: 'pipe' });
    fs.renameSync(tmp, sef);
  }
  return sef;
}

export interface RuleFinding {
  id: string;
  flag: string;
  text: string;
}

/** Runs one rule set over a CII document; returns every failed assert (fatal and warnings). */
export async function checkRules(rules: RuleSet, xml: string): Promise<RuleFinding[]> {
  const result = await SaxonJS.transform({ stylesheetFileName: compiled(rules), sourceText: xml, destination: 'serialized' }, 'async');
  const findings: RuleFinding[] = [];
  for (const m of result.principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1]!;
    const id = /\bid="([^"]*)"/.exec(attrs)?.[1] ?? '?';
    const flag = /\bflag="([^"]*)"/.exec(attrs)?.[1] ?? 'fatal';
    const text = (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1] ?? '').replace(/\s+/g, ' ').trim();
    findings.push({ id, flag, text });
  }
  return findings;
}

/** The fatal findings of both rule sets, as "RULE-ID: text" lines (empty when the document is valid). */
export async function fatalFindings(xml: string): Promise<string[]> {
  const all = [...(await checkRules('en16931', xml)), ...(await checkRules('xrechnung', xml))];
  return all.filter((f) => f.flag === 'fatal' || f.flag === 'error').map((f) => `${f.id}: ${f.text}`);
}

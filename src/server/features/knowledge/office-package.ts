// The parts of an Office Open XML package (.xlsx, .pptx, .docx) that our own readers need beside
// officeparser: number formats and hidden cells (spreadsheet.ts), charts (charts.ts), hidden
// slides (slides.ts). Unpacked once per file, only the parts asked for, after officeparser has
// read the same package within its decompression limits; or rewritten before officeparser reads it
// (what a package hides: word-hidden.ts).
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { ZIP_LIMITS } from './file-check.ts';

/** The unpacked parts, as text by their path in the package ('' for a part not there). */
export interface PackageParts {
  names: string[];
  text: (name: string) => string;
}

/** The parts whose path `wanted` accepts, each up to `maxPartBytes` unpacked (a bigger one is left out). */
export function packageParts(data: Uint8Array, wanted: (name: string) => boolean, maxPartBytes = Number.POSITIVE_INFINITY): PackageParts {
  const parts = unzipSync(data, { filter: (f) => wanted(f.name) && f.originalSize <= maxPartBytes });
  return { names: Object.keys(parts), text: (name) => (parts[name] ? strFromU8(parts[name]) : '') };
}

/**
 * A relationships part's targets by their id (`rId2` → `xl/worksheets/sheet2.xml`), as paths in
 * the package: absolute targets from the root, relative ones from `folder` (the source part's).
 */
export function relationshipTargets(relsXml: string, folder: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /(?:^|\s)Id="([^"]*)"/.exec(m[1]!)?.[1];
    const target = /(?:^|\s)Target="([^"]*)"/.exec(m[1]!)?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `${folder}/${target}`);
  }
  return targets;
}

/**
 * The package with some of its parts rewritten: `rewrite` gets the text of the parts `wanted`
 * accepts and returns the new text of those it changes (undefined: none, the package stays as it
 * is). The other parts are carried over byte for byte, stored without compression (the result is
 * read once, in memory). Undefined too when the package cannot be unpacked within ZIP_LIMITS:
 * officeparser then reads the original and reports what is wrong with it.
 */
export function rewrittenPackage(
  data: Uint8Array,
  wanted: (name: string) => boolean,
  rewrite: (parts: Map<string, string>) => Map<string, string> | undefined,
): Uint8Array | undefined {
  try {
    const asked = unzipSync(data, { filter: (f) => wanted(f.name) && f.originalSize <= ZIP_LIMITS.maxUnpackedBytes });
    const changed = rewrite(new Map(Object.entries(asked).map(([name, bytes]) => [name, strFromU8(bytes)])));
    if (!changed) return undefined;
    let entries = 0;
    let unpacked = 0;
    const all = unzipSync(data, {
      filter: (f) => {
        entries++;
        unpacked += f.originalSize;
        return entries <= ZIP_LIMITS.maxEntries && unpacked <= ZIP_LIMITS.maxUnpackedBytes;
      },
    });
    if (entries > ZIP_LIMITS.maxEntries || unpacked > ZIP_LIMITS.maxUnpackedBytes) return undefined;
    const files: Zippable = {};
    for (const [name, bytes] of Object.entries(all)) files[name] = [changed.has(name) ? strToU8(changed.get(name)!) : bytes, { level: 0 }];
    return zipSync(files);
  } catch {
    return undefined;
  }
}

/** A part's XML as a document; what cannot be parsed is left out rather than thrown (lenient like Office). */
export const parseXml = (xml: string): Document => new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');

/** An element's child elements named `name` (qualified, as the part writes it: `w:rPr`). */
export const childrenNamed = (parent: Element | null | undefined, name: string): Element[] =>
  parent ? (Array.from(parent.childNodes).filter((n) => n.nodeType === 1 && (n as Element).nodeName === name) as Element[]) : [];

export const childNamed = (parent: Element | null | undefined, name: string): Element | undefined => childrenNamed(parent, name)[0];

/** An OOXML on/off value (`w:val="0"`, `hidden="1"`); a property element without one is on (`<w:b/>`). */
export const onOff = (value: string | null): boolean => value === null || value === '' || value === '1' || value === 'true' || value === 'on';

/** An on/off attribute's value, undefined when the element does not carry it. */
export const attributeOn = (element: Element, name: string): boolean | undefined => (element.hasAttribute(name) ? onOff(element.getAttribute(name)) : undefined);

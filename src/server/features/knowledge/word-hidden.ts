// Word's hidden text («Ausgeblendet», `w:vanish`): text a document keeps but does not show —
// notes to the author, a template's instructions, internal remarks beside an offer. officeparser
// reads it like any other run, so it reached the Mika and, through a public chat, its visitors.
// What Word shows is what the Mika knows (decision 060): the hidden runs are taken out of the
// package's text parts before officeparser reads it.
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { attributeOn, childNamed, childrenNamed, onOff, parseXml, rewrittenPackage } from './office-package.ts';

/** The parts whose runs are read (headers, footers and comments are not read at all). */
const TEXT_PARTS = new Set(['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml']);
const STYLES = 'word/styles.xml';
// Hidden text, a drawing hidden in the selection pane (`<wp:docPr … hidden="1">`), a hidden legacy
// shape (VML, `style="…visibility:hidden"`).
const MARK = /<w:(?:spec)?[vV]anish\b|<wp:docPr\b[^>]*\shidden="(?:1|true)"|visibility:\s*hidden/;
const VML_HIDDEN = /(?:^|;)\s*visibility\s*:\s*hidden\s*(?:;|$)/;

/**
 * The package without its hidden text, or undefined when it hides none (or cannot be read for it:
 * officeparser then reads it as it is, and reports what is wrong with it).
 */
export function withoutHiddenText(data: Uint8Array): Uint8Array | undefined {
  return rewrittenPackage(
    data,
    (name) => TEXT_PARTS.has(name) || name === STYLES,
    (parts) => {
      const texts = [...TEXT_PARTS].filter((name) => parts.has(name));
      // Most documents hide nothing: then nothing is parsed and the package is read as it came.
      if (!texts.some((name) => MARK.test(parts.get(name)!)) && !MARK.test(parts.get(STYLES) ?? '')) return undefined;
      const styles = hiddenStyles(parts.get(STYLES) ?? '');
      const changed = new Map<string, string>();
      for (const name of texts) {
        const xml = withoutHiddenRuns(parts.get(name)!, styles);
        if (xml !== undefined) changed.set(name, xml);
      }
      return changed.size ? changed : undefined;
    },
  );
}

/** Whether a style hides its text, by style id; and whether the document's default run hides it. */
interface HiddenStyles {
  byId: Map<string, boolean | undefined>;
  byDefault: boolean;
}

/** An on/off property element's value (`<w:vanish/>`, `<w:vanish w:val="0"/>`), undefined when absent. */
const property = (element: Element | undefined): boolean | undefined => (element ? onOff(element.getAttribute('w:val')) : undefined);

/** Whether a run-properties element hides its text: vanish, or specVanish (a style separator). */
const hidesText = (rPr: Element | undefined): boolean | undefined => property(childNamed(rPr, 'w:vanish')) ?? property(childNamed(rPr, 'w:specVanish'));

/** Each style's hiding through its basedOn chain (its own setting, else its base's). */
function hiddenStyles(stylesXml: string): HiddenStyles {
  const byId = new Map<string, boolean | undefined>();
  if (!stylesXml) return { byId, byDefault: false };
  const root = parseXml(stylesXml).documentElement ?? undefined;
  const own = new Map<string, { hidden: boolean | undefined; basedOn: string | null }>();
  for (const style of childrenNamed(root, 'w:style')) {
    const id = style.getAttribute('w:styleId');
    if (id) own.set(id, { hidden: hidesText(childNamed(style, 'w:rPr')), basedOn: childNamed(style, 'w:basedOn')?.getAttribute('w:val') ?? null });
  }
  for (const id of own.keys()) {
    let hidden: boolean | undefined;
    const seen = new Set<string>();
    for (let at: string | null = id; at && !seen.has(at) && hidden === undefined; at = own.get(at)?.basedOn ?? null) {
      seen.add(at);
      hidden = own.get(at)?.hidden;
    }
    byId.set(id, hidden);
  }
  const defaults = childNamed(childNamed(childNamed(root, 'w:docDefaults'), 'w:rPrDefault'), 'w:rPr');
  return { byId, byDefault: hidesText(defaults) ?? false };
}

/**
 * The part without its hidden runs (undefined when it has none). A run hides its text by its own
 * properties, else by its character style and its paragraph's style (toggle properties: two
 * styles that both hide cancel out, as in Word), else by the document's default. A paragraph
 * whose mark is hidden and whose runs all were goes too, and so does a drawing hidden in the
 * selection pane.
 */
function withoutHiddenRuns(xml: string, styles: HiddenStyles): string | undefined {
  const doc = parseXml(xml);
  const runs = Array.from(doc.getElementsByTagName('w:r'));
  let removed = 0;
  const emptied = new Set<Element>();
  for (const run of runs) {
    if (!run.parentNode) continue;
    const paragraph = enclosing(run, 'w:p');
    if (!runHidden(run, paragraph, styles)) continue;
    run.parentNode.removeChild(run);
    removed++;
    if (paragraph) emptied.add(paragraph);
  }
  // A drawing hidden in the selection pane, a legacy shape hidden by its style: their pictures and
  // text boxes are not shown.
  const hiddenDrawings = [
    ...Array.from(doc.getElementsByTagName('wp:docPr')).flatMap((properties) => (attributeOn(properties, 'hidden') ? [enclosing(properties, 'w:drawing')] : [])),
    ...Array.from(doc.getElementsByTagName('w:pict')).filter((pict) => Array.from(pict.childNodes).some((shape) => shape.nodeType === 1 && VML_HIDDEN.test((shape as Element).getAttribute('style') ?? ''))),
  ];
  for (const drawing of hiddenDrawings) {
    if (!drawing?.parentNode) continue;
    drawing.parentNode.removeChild(drawing);
    removed++;
  }
  if (removed === 0) return undefined;
  for (const paragraph of emptied) {
    const mark = childNamed(childNamed(paragraph, 'w:pPr'), 'w:rPr');
    const markHidden = hidesText(mark) ?? paragraphStyleHides(paragraph, styles) ?? styles.byDefault;
    if (markHidden && paragraph.getElementsByTagName('w:r').length === 0 && paragraph.parentNode) paragraph.parentNode.removeChild(paragraph);
  }
  return new XMLSerializer().serializeToString(doc);
}

function enclosing(node: Element, name: string): Element | undefined {
  for (let at = node.parentNode; at; at = at.parentNode) if (at.nodeType === 1 && (at as Element).nodeName === name) return at as Element;
  return undefined;
}

const paragraphStyleHides = (paragraph: Element | undefined, styles: HiddenStyles): boolean | undefined => {
  const id = childNamed(childNamed(paragraph, 'w:pPr'), 'w:pStyle')?.getAttribute('w:val');
  return id ? styles.byId.get(id) : undefined;
};

function runHidden(run: Element, paragraph: Element | undefined, styles: HiddenStyles): boolean {
  const rPr = childNamed(run, 'w:rPr');
  const direct = hidesText(rPr);
  if (direct !== undefined) return direct;
  const characterStyle = childNamed(rPr, 'w:rStyle')?.getAttribute('w:val');
  const byCharacter = characterStyle ? styles.byId.get(characterStyle) : undefined;
  const byParagraph = paragraphStyleHides(paragraph, styles);
  if (byCharacter === undefined && byParagraph === undefined) return styles.byDefault;
  return (byCharacter ?? false) !== (byParagraph ?? false);
}

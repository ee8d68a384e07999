// The thread that takes the pictures out of a scanned PDF's pages (decision 058), one page per
// message from ocr.ts. officeparser hands a page's pictures to its caller as PNGs it encodes from
// pdf.js's pixels, which held the event loop for about 1.4 s per A4 scan at 300 dpi; here that
// happens beside the event loop that serves HTTP. Started by recognizePdfPages for one file and
// ended after it; not imported by anything.
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort!;
const data = Buffer.from(workerData as Uint8Array);

/** A picture on a scanned page smaller than this share of the page (a logo, a signature) is not read. */
const MIN_PAGE_SHARE = 0.05;

interface Picture {
  png: Uint8Array;
  top: number;
  left: number;
}

/** The pictures on one page that cover a real share of it (the scan), top to bottom. */
async function pagePictures(page: number): Promise<Picture[]> {
  const { OfficeParser } = await import('officeparser');
  // One page at a time: a page's pictures are decoded, sent and let go before the next.
  const ast = await OfficeParser.parseOffice(data, {
    fileType: 'pdf' as never,
    extractAttachments: true,
    pdfParserConfig: { pageRange: String(page) },
  });
  const attachments = new Map((ast.attachments ?? []).map((a) => [a.name, a.data]));
  const pictures: Picture[] = [];
  for (const node of ast.content) {
    const meta = (node.metadata ?? {}) as { pageWidth?: number; pageHeight?: number };
    const pageArea = (meta.pageWidth ?? 0) * (meta.pageHeight ?? 0);
    for (const child of node.children ?? []) {
      const name = (child.metadata as { attachmentName?: string } | undefined)?.attachmentName;
      const b = child.bounds;
      const bytes = name ? attachments.get(name) : undefined;
      if (child.type !== 'image' || !b || typeof bytes !== 'string') continue;
      if (pageArea > 0 && (b.width * b.height) / pageArea < MIN_PAGE_SHARE) continue;
      // Its own ArrayBuffer, so it can be handed over without a copy.
      pictures.push({ png: new Uint8Array(Buffer.from(bytes, 'base64')), top: b.y, left: b.x });
    }
  }
  return pictures.sort((a, b) => a.top - b.top || a.left - b.left);
}

port.on('message', (request: { id: number; page: number }) => {
  pagePictures(request.page).then(
    (pictures) => {
      const pngs = pictures.map((p) => p.png);
      port.postMessage({ id: request.id, pictures: pngs }, pngs.map((p) => p.buffer as ArrayBuffer));
    },
    // A page that cannot be read is a page without pictures: the others are still read.
    () => port.postMessage({ id: request.id, pictures: [] }),
  );
});

import { berlinDay } from '../../platform/berlin-time.ts';
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import { VAT_PERCENT } from '../../../shared/constants.ts';
import type { VatCase, VatCategory } from '../../../shared/vat.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import type { AppConfig } from '../../config.ts';

const require = createRequire(import.meta.url);
/** Noto Sans (SIL OFL 1.1), the typeface the task documents embed as well; covers ä ö ü ß €. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

export type Seller = AppConfig['billing']['seller'];
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
}
export type DocumentKind = 'invoice' | 'credit_note';
export interface InvoiceData {
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  /** Invoices: when payment is due (BT-9). */
  dueAt: Date | null;
  periodStart: Date;
  periodEnd: Date;
  description: string;
  lines: InvoiceLine[];
  seller: Seller;
  buyer: BillingAddress;
  vat: VatCase;
  /** Credit notes: the invoice corrected (BT-25, BT-26). */
  corrects?: { number: string; issuedAt: Date } | null;
  /** Credit notes: why (printed and in the XML note). */
  reason?: string | null;
}
export interface InvoiceTotals {
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** Totals in cents: line amounts are exact integers; VAT is rounded half up once on the net sum. */
export function invoiceTotals(lines: InvoiceLine[], vatPercent: number = VAT_PERCENT): InvoiceTotals {
  const netCents = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  const vatCents = Math.floor((netCents * vatPercent + 50) / 100);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}

/** 12345 → "123,45 €" (German format, exact from integer cents). */
export function euro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}
const decimal = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const GERMAN_DATE = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
export const germanDate = (d: Date) => GERMAN_DATE.format(d);
const ymd = (d: Date) => berlinDay(d).replaceAll('-', '');
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const date102 = (d: Date) => `<udt:DateTimeString format="102">${ymd(d)}</udt:DateTimeString>`;

/** The wording each VAT case must carry (§ 14a UStG; EN 16931 BT-120) and its VATEX code (BT-121). */
export const VAT_WORDING: Record<VatCategory, { exemption: string | null; code: string | null }> = {
  S: { exemption: null, code: null },
  AE: { exemption: 'Steuerschuldnerschaft des Leistungsempfängers', code: 'VATEX-EU-AE' },
  O: { exemption: 'Nicht im Inland steuerbare Leistung', code: 'VATEX-EU-O' },
};

/** The payment terms (BT-20) as printed and in the XML. */
export function paymentTerms(data: Pick<InvoiceData, 'kind' | 'dueAt' | 'number'>): string {
  if (data.kind === 'credit_note') return 'Der Betrag wird Ihnen erstattet oder mit offenen Forderungen verrechnet.';
  return data.dueAt
    ? `Zahlbar ohne Abzug bis zum ${germanDate(data.dueAt)} unter Angabe der Rechnungsnummer ${data.number}.`
    : 'Zahlbar sofort ohne Abzug.';
}

/**
 * The EN 16931 invoice or credit note as UN/CEFACT Cross Industry Invoice (Factur-X / ZUGFeRD
 * profile EN 16931; type code 380 or 381). Amounts come from invoiceTotals (integer cents).
 * Validated by the official EN 16931 and XRechnung rules in the tests (billing-documents.test.ts).
 */
export function buildCiiXml(data: InvoiceData): string {
  const { seller, buyer, vat } = data;
  const t = invoiceTotals(data.lines, vat.percent);
  const wording = VAT_WORDING[vat.category];
  // Category O: no VAT ids at all (BR-O-02); the seller is identified by register and tax number.
  const vatIds = vat.category !== 'O';
  // A line of category O carries no rate (BR-O-05); the breakdown does, as 0 (XRechnung BR-DE-14).
  const lineRate = vat.category === 'O' ? '' : `<ram:RateApplicablePercent>${vat.percent}</ram:RateApplicablePercent>`;
  const rate = `<ram:RateApplicablePercent>${vat.percent}</ram:RateApplicablePercent>`;
  const lines = data.lines
    .map(
      (l, i) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${xml(l.description)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>${decimal(l.unitCents)}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${vat.category}</ram:CategoryCode>${lineRate}</ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${decimal(l.quantity * l.unitCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  const sellerTax = [
    vatIds ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${xml(seller.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>` : '',
    seller.taxNumber ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${xml(seller.taxNumber)}</ram:ID></ram:SpecifiedTaxRegistration>` : '',
  ].join('');
  const notes = [data.reason ? `Grund: ${data.reason}` : '', wording.exemption ?? ''].filter(Boolean);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${xml(data.number)}</ram:ID>
    <ram:TypeCode>${data.kind === 'credit_note' ? 381 : 380}</ram:TypeCode>
    <ram:IssueDateTime>${date102(data.issuedAt)}</ram:IssueDateTime>${notes.map((n) => `\n    <ram:IncludedNote><ram:Content>${xml(n)}</ram:Content></ram:IncludedNote>`).join('')}
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>${xml(buyer.leitweg_id ?? buyer.invoice_email)}</ram:BuyerReference>
      <ram:SellerTradeParty>
        <ram:Name>${xml(seller.name)}</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID>${xml(seller.register)}</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:DefinedTradeContact>
          <ram:PersonName>${xml(seller.contactName)}</ram:PersonName>
          <ram:TelephoneUniversalCommunication><ram:CompleteNumber>${xml(seller.contactPhone)}</ram:CompleteNumber></ram:TelephoneUniversalCommunication>
          <ram:EmailURIUniversalCommunication><ram:URIID>${xml(seller.contactEmail)}</ram:URIID></ram:EmailURIUniversalCommunication>
        </ram:DefinedTradeContact>
        <ram:PostalTradeAddress><ram:PostcodeCode>${xml(seller.postcode)}</ram:PostcodeCode><ram:LineOne>${xml(seller.street)}</ram:LineOne><ram:CityName>${xml(seller.city)}</ram:CityName><ram:CountryID>${xml(seller.country)}</ram:CountryID></ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">${xml(seller.email)}</ram:URIID></ram:URIUniversalCommunication>
        ${sellerTax}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>${xml(buyer.company)}</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>${xml(buyer.postcode)}</ram:PostcodeCode><ram:LineOne>${xml(buyer.street)}</ram:LineOne><ram:CityName>${xml(buyer.city)}</ram:CityName><ram:CountryID>${xml(buyer.country)}</ram:CountryID></ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">${xml(buyer.invoice_email)}</ram:URIID></ram:URIUniversalCommunication>${
          buyer.vat_id && vatIds ? `\n        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${xml(buyer.vat_id)}</ram:ID></ram:SpecifiedTaxRegistration>` : ''
        }
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
      <ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${date102(data.periodStart)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:PaymentReference>${xml(data.number)}</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${xml(seller.iban)}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${decimal(t.vatCents)}</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>${wording.exemption ? `\n        <ram:ExemptionReason>${xml(wording.exemption)}</ram:ExemptionReason>` : ''}
        <ram:BasisAmount>${decimal(t.netCents)}</ram:BasisAmount>
        <ram:CategoryCode>${vat.category}</ram:CategoryCode>${wording.code ? `\n        <ram:ExemptionReasonCode>${wording.code}</ram:ExemptionReasonCode>` : ''}
        ${rate}
      </ram:ApplicableTradeTax>
      <ram:BillingSpecifiedPeriod>
        <ram:StartDateTime>${date102(data.periodStart)}</ram:StartDateTime>
        <ram:EndDateTime>${date102(data.periodEnd)}</ram:EndDateTime>
      </ram:BillingSpecifiedPeriod>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>${xml(paymentTerms(data))}</ram:Description>${data.dueAt && data.kind === 'invoice' ? `\n        <ram:DueDateDateTime>${date102(data.dueAt)}</ram:DueDateDateTime>` : ''}
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${decimal(t.netCents)}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${decimal(t.netCents)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${decimal(t.vatCents)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${decimal(t.totalCents)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${decimal(t.totalCents)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>${
        data.corrects
          ? `\n      <ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${xml(data.corrects.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${ymd(data.corrects.issuedAt)}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
          : ''
      }
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** The Factur-X XMP extension that names the embedded XML (profile EN 16931). */
const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property><rdf:Seq>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>name of the embedded XML invoice file</pdfaProperty:description></rdf:li>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>INVOICE</pdfaProperty:description></rdf:li>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the Factur-X XML schema</pdfaProperty:description></rdf:li>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded Factur-X data</pdfaProperty:description></rdf:li>
                </rdf:Seq></pdfaSchema:property>
            </rdf:li></rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>
`;

const TITLES: Record<DocumentKind, string> = { invoice: 'Rechnung', credit_note: 'Stornorechnung' };

/**
 * The German invoice or credit note as PDF/A-3b (Noto Sans embedded) with factur-x.xml attached.
 * Rendered ONCE per document by the render job (invoice-files.ts); downloads return those bytes.
 * It addresses a business customer formally ("Sie"), unlike the product (decision 027).
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { seller, buyer, vat } = data;
  const t = invoiceTotals(data.lines, vat.percent);
  const title = TITLES[data.kind];
  // Loaded on first use (start-up time).
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKit };
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    tagged: false,
    lang: 'de-DE',
    info: { Title: `${title} ${data.number}`, Author: seller.name, Subject: data.description, Creator: 'Mika', CreationDate: data.issuedAt, ModDate: data.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.appendXML(FACTURX_XMP);
  // pdfkit writes /AFRelationship from `relationship` (its typings lag behind).
  const attachment = {
    name: 'factur-x.xml',
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X/ZUGFeRD EN 16931',
    creationDate: data.issuedAt,
    modifiedDate: data.issuedAt,
  };
  doc.file(Buffer.from(buildCiiXml(data), 'utf8'), attachment);

  const left = 56;
  const width = doc.page.width - 112;
  const vatIds = vat.category !== 'O';
  doc.font('regular').fontSize(8).fillColor('#555555');
  doc.text(`${seller.name} · ${seller.street} · ${seller.postcode} ${seller.city}`, left, 130, { width: 300 });
  doc.font('regular').fontSize(10).fillColor('#000000');
  doc.text([buyer.company, buyer.street, `${buyer.postcode} ${buyer.city}`, buyer.country === 'DE' ? '' : buyer.country].filter(Boolean).join('\n'), left, 146, { width: 260 });
  doc.font('bold').fontSize(14).text(seller.name, left + 300, 56, { width: width - 300, align: 'right' });
  const sellerLines = [seller.street, `${seller.postcode} ${seller.city}`, seller.email, vatIds ? `USt-IdNr.: ${seller.vatId}` : '', seller.taxNumber ? `Steuernummer: ${seller.taxNumber}` : ''];
  doc.font('regular').fontSize(9).text(sellerLines.filter(Boolean).join('\n'), left + 300, 78, { width: width - 300, align: 'right' });

  const meta: [string, string][] = [
    [data.kind === 'credit_note' ? 'Nummer' : 'Rechnungsnummer', data.number],
    [data.kind === 'credit_note' ? 'Datum' : 'Rechnungsdatum', germanDate(data.issuedAt)],
    ['Leistungszeitraum', `${germanDate(data.periodStart)} – ${germanDate(data.periodEnd)}`],
  ];
  if (data.corrects) meta.push(['Storniert Rechnung', `${data.corrects.number} vom ${germanDate(data.corrects.issuedAt)}`]);
  if (buyer.vat_id && vatIds) meta.push(['USt-IdNr. Kunde', buyer.vat_id]);
  if (buyer.leitweg_id) meta.push(['Leitweg-ID', buyer.leitweg_id]);
  let y = 250;
  doc.font('bold').fontSize(18).text(title, left, y);
  y += 32;
  for (const [k, v] of meta) {
    doc.font('regular').fontSize(10).text(k, left, y, { width: 140 });
    doc.text(v, left + 140, y, { width: 320 });
    y += 15;
  }
  y += 20;
  const cols = { pos: left, desc: left + 30, qty: left + 300, unit: left + 350, sum: left + 430 };
  doc.font('bold').fontSize(10);
  doc.text('Pos.', cols.pos, y).text('Beschreibung', cols.desc, y).text('Menge', cols.qty, y, { width: 45, align: 'right' });
  doc.text('Einzelpreis', cols.unit, y, { width: 75, align: 'right' }).text('Betrag', cols.sum, y, { width: width - 430, align: 'right' });
  y += 16;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#999999').stroke();
  y += 6;
  doc.font('regular');
  data.lines.forEach((l, i) => {
    const h = doc.heightOfString(l.description, { width: 260 });
    doc.text(String(i + 1), cols.pos, y).text(l.description, cols.desc, y, { width: 260 });
    doc.text(String(l.quantity), cols.qty, y, { width: 45, align: 'right' });
    doc.text(euro(l.unitCents), cols.unit, y, { width: 75, align: 'right' });
    doc.text(euro(l.quantity * l.unitCents), cols.sum, y, { width: width - 430, align: 'right' });
    y += Math.max(h, 14) + 6;
  });
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  y += 8;
  const sumRow = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'bold' : 'regular').text(label, cols.qty - 100, y, { width: 230, align: 'right' });
    doc.text(value, cols.sum, y, { width: width - 430, align: 'right' });
    y += 16;
  };
  sumRow('Nettobetrag', euro(t.netCents));
  sumRow(vat.category === 'S' ? `zzgl. ${vat.percent} % USt.` : 'USt. (0 %)', euro(t.vatCents));
  sumRow(data.kind === 'credit_note' ? 'Gutschriftsbetrag' : 'Gesamtbetrag', euro(t.totalCents), true);
  y += 20;
  const paragraphs = [
    VAT_WORDING[vat.category].exemption ? `${VAT_WORDING[vat.category].exemption}.${vat.category === 'AE' ? ' Die Umsatzsteuer schulden Sie als Leistungsempfänger (Reverse-Charge-Verfahren, Art. 196 MwStSystRL).' : ' Der Ort der Leistung liegt nicht in Deutschland (§ 3a Abs. 2 UStG).'}` : '',
    data.reason ? `Grund der Stornierung: ${data.reason}` : '',
    data.kind === 'credit_note' ? `Diese Stornorechnung hebt die Rechnung ${data.corrects?.number ?? ''} vollständig auf.` : 'Vielen Dank für Ihren Auftrag.',
    paymentTerms(data),
  ].filter(Boolean);
  doc.font('regular').fontSize(10);
  for (const text of paragraphs) {
    doc.text(text, left, y, { width });
    y += doc.heightOfString(text, { width }) + 6;
  }
  doc.fontSize(8).fillColor('#555555');
  doc.text(
    [
      `${seller.name} · Geschäftsführung: ${seller.managingDirector} · ${seller.register}`,
      `IBAN ${seller.iban} · BIC ${seller.bic}${vatIds ? ` · USt-IdNr. ${seller.vatId}` : ''}${seller.taxNumber ? ` · St.-Nr. ${seller.taxNumber}` : ''}`,
      `Ansprechpartner: ${seller.contactName} · ${seller.contactPhone} · ${seller.contactEmail}`,
    ].join('\n'),
    left,
    doc.page.height - 100,
    { width, align: 'center' },
  );
  doc.end();
  return done;
}

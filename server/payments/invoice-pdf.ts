/**
 * Invoices and credit notes as PDF (issue 37): a calm A4 page — seller top left, title and date
 * top right, "Bill to", the lines, the totals, how it was paid — with long tables continuing on
 * further pages. Amounts arrive as integers in minor units and are only ever formatted here.
 */
import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';
import { formatMoney, formatRate } from '#src/schemas/money.ts';

/** Everything printed on one invoice or credit note; amounts in the currency's minor unit. */
export interface InvoiceDocument {
  /** 'invoice' for a payment; 'credit_note' for a refund (its amounts are positive, the title says Credit note and it names the invoice it refunds). */
  kind: 'invoice' | 'credit_note';
  /** e.g. "2026-0007", printed as "Invoice 2026-0007" / "Credit note 2026-0008". */
  number: string;
  /** For a credit note: the invoice number it refunds. */
  refundsNumber?: string;
  issuedAt: Date;
  /** IANA zone the dates are printed in (e.g. Europe/London), as "27 November 2026". */
  timeZone: string;
  /** ISO 4217, e.g. 'EUR'. */
  currency: string;
  /** The coach; the address may be multi-line; empty strings are omitted. */
  seller: { name: string; address: string; taxId: string; email: string };
  /** The client; company fields are optional (empty → omitted). */
  billTo: { name: string; email: string; company: string; companyAddress: string; companyTaxId: string };
  lines: { description: string; quantity: number; unitMinor: number; totalMinor: number }[];
  /** Tax: null when the coach charges none; else its rate and whether prices include it. */
  tax: { rateBasisPoints: number; inclusive: boolean } | null;
  /** Net. */
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** How it was paid: 'Card (Stripe)', 'Bank transfer', 'Cash'; printed as "Paid by …" (for a credit note "Refunded to …"). */
  paidWith: string;
  paidAt: Date;
}

// A4 in PDF points; margins of about 20 mm.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const RIGHT = PAGE_WIDTH - MARGIN;
/** Lowest baseline for content: below it sits only the page footer. */
const BOTTOM = MARGIN + 24;

// Table columns: amounts are right-aligned on these edges, the description takes what is left.
const AMOUNT_RIGHT = RIGHT;
const UNIT_RIGHT = AMOUNT_RIGHT - 100;
const QTY_RIGHT = UNIT_RIGHT - 90;
const DESCRIPTION_WIDTH = QTY_RIGHT - 50 - MARGIN;
/** Where the totals' labels start, so they sit under the number columns. */
const TOTALS_LEFT = QTY_RIGHT - 40;
/** Space between a row's last baseline and the rule under it. */
const ROW_GAP = 9;
/** Width of each header column (seller on the left, title on the right), with a gutter between. */
const HEADER_COLUMN = (RIGHT - MARGIN - 32) / 2;

/** Helvetica's capital height as a share of its size. */
const CAP_HEIGHT = 0.718;

const INK = rgb(0.12, 0.13, 0.15);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.86, 0.87, 0.89);

interface Style {
  font: PDFFont;
  size: number;
  color: RGB;
}

/** One printed line, already made printable and wrapped. */
interface Line {
  text: string;
  style: Style;
}

/** Space from one baseline to the next. */
const leading = (style: Style) => style.size * 1.45;

/**
 * A function giving the text a standard font can draw: composed (so a decomposed "ë" stays one
 * letter), every kind of space or line break made a plain space, and each remaining character
 * outside the font's set shown as '?'.
 */
function printableFor(font: PDFFont): (text: string) => string {
  // Standard fonts encode WinAnsi only, and pdf-lib throws on anything else (Chinese, emoji): one
  // character of a client's name would lose the whole invoice, so it prints as '?' instead.
  const known = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.normalize('NFC').replace(/\s+/g, ' ').trim(), (char) => (known.has(char.codePointAt(0) ?? -1) ? char : '?')).join('');
}

/** `text` broken into lines no wider than `width`: at spaces, and inside a word only when the word alone is too wide. */
function wrap(text: string, style: Style, width: number): string[] {
  const fits = (candidate: string) => style.font.widthOfTextAtSize(candidate, style.size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the column (a long reference, a link) is cut where it must be.
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** A date as the reader's calendar shows it in `timeZone`: "27 November 2026". */
function longDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
}

/** Draws `text` with its baseline at `y`, starting at `x` or ending at `x` when right-aligned. */
function drawText(page: PDFPage, text: string, style: Style, x: number, y: number, align: 'left' | 'right' = 'left') {
  const left = align === 'right' ? x - style.font.widthOfTextAtSize(text, style.size) : x;
  page.drawText(text, { x: left, y, font: style.font, size: style.size, color: style.color });
}

function drawRule(page: PDFPage, y: number, from = MARGIN, to = RIGHT) {
  page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness: 0.75, color: RULE });
}

/** Draws a block of lines from `top` down and answers the baseline of its last line. */
function drawBlock(page: PDFPage, lines: Line[], x: number, top: number, align: 'left' | 'right' = 'left'): number {
  let y = top;
  for (const line of lines) {
    y -= leading(line.style);
    drawText(page, line.text, line.style, x, y, align);
  }
  return y;
}

/** The invoice or credit note as PDF bytes: one A4 page, more when the lines need them. */
export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // Both Helvetica faces share the WinAnsi encoding, so one character set serves both.
  const printable = printableFor(regular);

  const body: Style = { font: regular, size: 10, color: INK };
  const muted: Style = { font: regular, size: 9, color: MUTED };
  const label: Style = { font: bold, size: 9, color: MUTED };
  const strong: Style = { font: bold, size: 10, color: INK };
  const name: Style = { font: bold, size: 12, color: INK };
  const heading: Style = { font: bold, size: 18, color: INK };

  const credit = doc.kind === 'credit_note';
  const title = `${credit ? 'Credit note' : 'Invoice'} ${doc.number}`;
  const money = (minor: number) => formatMoney(minor, doc.currency);

  /** Each line of a field (addresses keep their line breaks), printable and wrapped; empty ones omitted. */
  const lines = (text: string, style: Style, width: number): Line[] =>
    text
      .split(/\r\n|\r|\n/)
      .map(printable)
      .filter(Boolean)
      .flatMap((part) => wrap(part, style, width).map((piece) => ({ text: piece, style })));

  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor(printable(doc.seller.name));
  pdf.setLanguage('en-GB');
  // The issue date rather than "now", so the same document always gives the same file.
  pdf.setCreationDate(doc.issuedAt);
  pdf.setModificationDate(doc.issuedAt);

  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const top = PAGE_HEIGHT - MARGIN;

  // Header: the seller on the left, what this is and when on the right.
  const seller = [
    ...lines(doc.seller.name, name, HEADER_COLUMN),
    ...lines(doc.seller.address, muted, HEADER_COLUMN),
    ...lines(doc.seller.email, muted, HEADER_COLUMN),
  ];
  const titleBlock = [
    ...lines(title, heading, HEADER_COLUMN),
    ...lines(longDate(doc.issuedAt, doc.timeZone), body, HEADER_COLUMN),
    ...(credit && doc.refundsNumber ? lines(`Refunds invoice ${doc.refundsNumber}`, body, HEADER_COLUMN) : []),
  ];
  // The title starts a little higher so its capitals line up with the seller's name.
  const titleTop = top + leading(heading) - leading(name) - CAP_HEIGHT * (heading.size - name.size);
  // Title first: drawn after the seller, it would share a text line with whichever seller line
  // sits level with it when the file's text is copied or extracted.
  const titleBottom = drawBlock(page, titleBlock, RIGHT, titleTop, 'right');
  let y = Math.min(drawBlock(page, seller, MARGIN, top), titleBottom) - 28;

  // Bill to: the client, and their company with its tax id when they gave one.
  const billTo = [
    { text: 'Bill to', style: label },
    ...lines(doc.billTo.name, strong, HEADER_COLUMN),
    ...lines(doc.billTo.email, body, HEADER_COLUMN),
    ...lines(doc.billTo.company, body, HEADER_COLUMN),
    ...lines(doc.billTo.companyAddress, body, HEADER_COLUMN),
    ...(printable(doc.billTo.companyTaxId) ? lines(`Tax ID: ${doc.billTo.companyTaxId}`, body, HEADER_COLUMN) : []),
  ];
  y = drawBlock(page, billTo, MARGIN, y) - 32;

  const tableHeader = () => {
    y -= leading(label);
    drawText(page, 'Description', label, MARGIN, y);
    drawText(page, 'Qty', label, QTY_RIGHT, y, 'right');
    drawText(page, 'Unit price', label, UNIT_RIGHT, y, 'right');
    drawText(page, 'Amount', label, AMOUNT_RIGHT, y, 'right');
    y -= 8;
    drawRule(page, y);
  };
  /** A fresh page when `height` more points would run into the footer. */
  const room = (height: number): boolean => {
    if (y - height >= BOTTOM) return false;
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = top;
    return true;
  };

  tableHeader();
  for (const item of doc.lines) {
    const description = wrap(printable(item.description), body, DESCRIPTION_WIDTH);
    const rowHeight = description.length * leading(body) + ROW_GAP;
    if (room(rowHeight)) tableHeader();
    // Drawn in reading order (the first line of the description, its numbers, then the rest of
    // it), so text copied or extracted from the file keeps each row together.
    const [head = '', ...rest] = description;
    y -= leading(body);
    drawText(page, head, body, MARGIN, y);
    drawText(page, printable(String(item.quantity)), body, QTY_RIGHT, y, 'right');
    drawText(page, printable(money(item.unitMinor)), body, UNIT_RIGHT, y, 'right');
    drawText(page, printable(money(item.totalMinor)), body, AMOUNT_RIGHT, y, 'right');
    y = drawBlock(
      page,
      rest.map((text) => ({ text, style: body })),
      MARGIN,
      y,
    );
    y -= ROW_GAP;
    drawRule(page, y);
  }

  // Totals, with how it was paid under them; kept together on one page.
  const totals: [string, string, Style][] = [];
  if (doc.tax) {
    totals.push(['Subtotal', money(doc.subtotalMinor), body]);
    const rate = formatRate(doc.tax.rateBasisPoints);
    totals.push([doc.tax.inclusive ? `Includes tax (${rate})` : `Tax (${rate})`, money(doc.taxMinor), body]);
  }
  totals.push(['Total', money(doc.totalMinor), { ...strong, size: 11 }]);
  const paid = lines(
    `${credit ? 'Refunded to' : 'Paid by'} ${doc.paidWith} on ${longDate(doc.paidAt, doc.timeZone)}`,
    body,
    RIGHT - MARGIN,
  );
  const sellerTaxId = printable(doc.seller.taxId) ? lines(`Tax ID: ${doc.seller.taxId}`, muted, RIGHT - MARGIN) : [];
  const totalsHeight = 12 + (totals.length + 1) * leading(body) + 8;
  room(totalsHeight + 28 + (paid.length + sellerTaxId.length) * leading(body));
  y -= 12;
  for (const [index, [text, amount, style]] of totals.entries()) {
    if (index === totals.length - 1 && totals.length > 1) {
      y -= 8;
      drawRule(page, y, TOTALS_LEFT, RIGHT);
    }
    y -= leading(style);
    drawText(page, printable(text), style, TOTALS_LEFT, y);
    drawText(page, printable(amount), style, RIGHT, y, 'right');
  }
  y -= 28;
  y = drawBlock(page, paid, MARGIN, y);
  drawBlock(page, sellerTaxId, MARGIN, y);

  // Page numbers only when there is more than one page: a single receipt needs none.
  const pages = pdf.getPages();
  if (pages.length > 1) {
    for (const [index, each] of pages.entries()) {
      drawText(each, printable(`${title} · Page ${index + 1} of ${pages.length}`), muted, RIGHT, MARGIN - 8, 'right');
    }
  }

  return pdf.save();
}

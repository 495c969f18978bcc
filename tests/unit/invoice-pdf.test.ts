// Invoices and credit notes as PDF (issue 37): each test renders a document and reads the text
// back with pdf-parse, asserting the lines a client, a coach or an accountant relies on.
import { describe, expect, test } from 'bun:test';
import { PDFParse } from 'pdf-parse';
import { type InvoiceDocument, invoicePdf } from '#server/payments/invoice-pdf.ts';

// 23:30 UTC on 30 June is already 1 July in London (BST), so the zone decides the printed date.
const LATE_JUNE = new Date('2026-06-30T23:30:00Z');

const BASE: InvoiceDocument = {
  kind: 'invoice',
  number: '2026-0007',
  issuedAt: LATE_JUNE,
  timeZone: 'Europe/London',
  currency: 'EUR',
  seller: { name: 'Coach Carter', address: '12 Rue de la Paix\n75002 Paris', taxId: 'FR40303265045', email: 'coach@coach.example' },
  billTo: {
    name: 'Ann Visitor',
    email: 'ann@visitor.example',
    company: 'Acme Ltd',
    companyAddress: '1 High Street\nLondon SW1A 1AA',
    companyTaxId: 'GB123456789',
  },
  lines: [
    { description: 'Coaching session (60 minutes)', quantity: 1, unitMinor: 12000, totalMinor: 12000 },
    { description: 'Follow-up call', quantity: 3, unitMinor: 4000, totalMinor: 12000 },
  ],
  tax: { rateBasisPoints: 2000, inclusive: false },
  subtotalMinor: 24000,
  taxMinor: 4800,
  totalMinor: 28800,
  paidWith: 'Card (Stripe)',
  paidAt: LATE_JUNE,
};

/** The document rendered and read back: its text lines (trimmed, blank ones dropped), page count and title metadata. */
async function read(overrides: Partial<InvoiceDocument> = {}) {
  const parser = new PDFParse({ data: await invoicePdf({ ...BASE, ...overrides }) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    const lines = text.text
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line && !/^-- \d+ of \d+ --$/.test(line));
    return { lines, pages: text.total, title: info.info?.Title as string | undefined };
  } finally {
    await parser.destroy();
  }
}

/** Asserts every one of `expected` is a line of `lines`, in that order. */
function expectInOrder(lines: string[], expected: string[]) {
  const found = expected.map((line) => lines.indexOf(line));
  expect(found.map((index, at) => (index < 0 ? `missing: ${expected[at]}` : 'ok'))).toEqual(expected.map(() => 'ok'));
  expect(found).toEqual([...found].sort((a, b) => a - b));
}

describe('an invoice', () => {
  test('reads top to bottom: title and date, seller, bill to, lines, totals, payment, tax id', async () => {
    const { lines, pages, title } = await read();
    expect(pages).toBe(1);
    expect(title).toBe('Invoice 2026-0007');
    expectInOrder(lines, [
      'Invoice 2026-0007',
      '1 July 2026',
      'Coach Carter',
      '12 Rue de la Paix',
      '75002 Paris',
      'coach@coach.example',
      'Bill to',
      'Ann Visitor',
      'ann@visitor.example',
      'Acme Ltd',
      '1 High Street',
      'London SW1A 1AA',
      'Tax ID: GB123456789',
      'Description Qty Unit price Amount',
      'Coaching session (60 minutes) 1 €120.00 €120.00',
      'Follow-up call 3 €40.00 €120.00',
      'Subtotal €240.00',
      'Tax (20%) €48.00',
      'Total €288.00',
      'Paid by Card (Stripe) on 1 July 2026',
      'Tax ID: FR40303265045',
    ]);
  });

  test('dates are the calendar day in the given zone, not the server’s', async () => {
    expect((await read()).lines).not.toContain('30 June 2026');
    const utc = await read({ timeZone: 'UTC' });
    expect(utc.lines).toContain('30 June 2026');
    expect(utc.lines).toContain('Paid by Card (Stripe) on 30 June 2026');
    const auckland = await read({ timeZone: 'Pacific/Auckland', paidAt: new Date('2026-06-29T11:00:00Z') });
    expect(auckland.lines).toContain('1 July 2026');
    expect(auckland.lines).toContain('Paid by Card (Stripe) on 29 June 2026');
  });

  test('prices that include tax show the tax inside the total', async () => {
    const { lines } = await read({
      lines: [{ description: 'Coaching session', quantity: 1, unitMinor: 12000, totalMinor: 12000 }],
      tax: { rateBasisPoints: 2000, inclusive: true },
      subtotalMinor: 10000,
      taxMinor: 2000,
      totalMinor: 12000,
    });
    expectInOrder(lines, ['Coaching session 1 €120.00 €120.00', 'Subtotal €100.00', 'Includes tax (20%) €20.00', 'Total €120.00']);
    expect(lines.filter((line) => line.startsWith('Tax ('))).toEqual([]);
  });

  test('no tax: only the total, and a fractional rate prints as people write it', async () => {
    const untaxed = await read({ tax: null, subtotalMinor: 24000, taxMinor: 0, totalMinor: 24000 });
    expect(untaxed.lines).toContain('Total €240.00');
    expect(untaxed.lines.filter((line) => /^(Subtotal|Tax \(|Includes tax)/.test(line))).toEqual([]);

    const reduced = await read({ tax: { rateBasisPoints: 550, inclusive: false }, taxMinor: 1320, totalMinor: 25320 });
    expectInOrder(reduced.lines, ['Subtotal €240.00', 'Tax (5.5%) €13.20', 'Total €253.20']);
  });

  test('yen have no minor unit: no decimals anywhere', async () => {
    const { lines } = await read({
      currency: 'JPY',
      lines: [{ description: 'Coaching session', quantity: 2, unitMinor: 5000, totalMinor: 10000 }],
      tax: { rateBasisPoints: 1000, inclusive: false },
      subtotalMinor: 10000,
      taxMinor: 1000,
      totalMinor: 11000,
    });
    // formatMoney's en-GB display marks yen as "JP¥".
    expectInOrder(lines, ['Coaching session 2 JP¥5,000 JP¥10,000', 'Subtotal JP¥10,000', 'Tax (10%) JP¥1,000', 'Total JP¥11,000']);
    expect(lines.filter((line) => /¥[\d,]+\.\d/.test(line))).toEqual([]);
  });

  test('empty seller and company fields leave no empty labels behind', async () => {
    const { lines } = await read({
      seller: { name: 'Coach Carter', address: '', taxId: '', email: 'coach@coach.example' },
      billTo: { name: 'Ann Visitor', email: 'ann@visitor.example', company: '', companyAddress: '', companyTaxId: '' },
    });
    expect(lines.filter((line) => line.startsWith('Tax ID'))).toEqual([]);
    expectInOrder(lines, [
      'Invoice 2026-0007',
      '1 July 2026',
      'Coach Carter',
      'coach@coach.example',
      'Bill to',
      'Ann Visitor',
      'ann@visitor.example',
    ]);
    expect(lines[lines.indexOf('ann@visitor.example') + 1]).toBe('Description Qty Unit price Amount');
  });
});

describe('a credit note', () => {
  test('is titled as one, names the invoice it refunds and says where the money went', async () => {
    const { lines, title } = await read({ kind: 'credit_note', number: '2026-0008', refundsNumber: '2026-0007' });
    expect(title).toBe('Credit note 2026-0008');
    expectInOrder(lines, [
      'Credit note 2026-0008',
      '1 July 2026',
      'Refunds invoice 2026-0007',
      'Bill to',
      'Coaching session (60 minutes) 1 €120.00 €120.00',
      'Total €288.00',
      'Refunded to Card (Stripe) on 1 July 2026',
    ]);
    expect(lines).not.toContain('Invoice 2026-0007');
    expect(lines.filter((line) => line.startsWith('Paid by'))).toEqual([]);
  });
});

describe('long documents', () => {
  test('sixty lines continue over pages, each page with the table header and a page number', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      description: `Session ${index + 1} of 60`,
      quantity: 1,
      unitMinor: 5000,
      totalMinor: 5000,
    }));
    const { lines, pages } = await read({ lines: many, tax: null, subtotalMinor: 300000, taxMinor: 0, totalMinor: 300000 });
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let n = 1; n <= 60; n++) expect(lines.filter((line) => line === `Session ${n} of 60 1 €50.00 €50.00`)).toHaveLength(1);
    expect(lines.filter((line) => line === 'Description Qty Unit price Amount')).toHaveLength(pages);
    expect(lines.filter((line) => line.startsWith('Invoice 2026-0007 · Page '))).toEqual(
      Array.from({ length: pages }, (_, index) => `Invoice 2026-0007 · Page ${index + 1} of ${pages}`),
    );
    expectInOrder(lines, ['Session 60 of 60 1 €50.00 €50.00', 'Total €3,000.00', 'Paid by Card (Stripe) on 1 July 2026']);
  });

  test('a long description wraps without losing a word, even one wider than its column', async () => {
    const description = `Leadership programme: six fortnightly sessions with written notes after each, a shared goals document and email support between sessions (reference ${'X'.repeat(90)})`;
    const { lines } = await read({ lines: [{ description, quantity: 6, unitMinor: 9500, totalMinor: 57000 }] });
    const start = lines.findIndex((line) => line.startsWith('Leadership programme:'));
    const end = lines.findIndex((line) => line.startsWith('Subtotal'));
    const row = lines.slice(start, end);
    expect(row.length).toBeGreaterThanOrEqual(3);
    expect(row[0]?.endsWith(' 6 €95.00 €570.00')).toBe(true);
    expect(row.join('').replace(' 6 €95.00 €570.00', '').replaceAll(' ', '')).toBe(description.replaceAll(' ', ''));
  });
});

describe('characters Helvetica cannot draw', () => {
  test('Chinese and emoji print as "?" without throwing; accents, € and £ survive', async () => {
    const { lines, title } = await read({
      number: '2026-0009',
      seller: { name: 'Zoë Martin', address: 'Café Crème, 3 Place d’Italie', taxId: '', email: 'zoe@coach.example' },
      // The second "Zoë" arrives decomposed (e + combining diaeresis), as some keyboards send it.
      billTo: { name: '王小明 😀 Zoe\u0308', email: 'wang@visitor.example', company: '', companyAddress: '', companyTaxId: '' },
      lines: [{ description: 'Séance £ 🎉', quantity: 1, unitMinor: 12000, totalMinor: 12000 }],
    });
    expect(title).toBe('Invoice 2026-0009');
    expectInOrder(lines, [
      'Zoë Martin',
      'Café Crème, 3 Place d’Italie',
      'Bill to',
      '??? ? Zoë',
      'Séance £ ? 1 €120.00 €120.00',
      'Total €288.00',
    ]);
  });
});

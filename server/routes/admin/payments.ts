import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { pdfAnswer } from '#server/http/pdf-answer.ts';
import { paymentsCsv, paymentsOverview, recordManualPayment, refundByCoach } from '#server/services/payments/admin-payments.ts';
import { invoiceOf } from '#server/services/payments/invoices.ts';
import { id, json, query } from '#server/validation.ts';
import { manualPaymentSchema, paymentsQuerySchema, refundSchema } from '#src/schemas/payments.ts';

const smallBody = limitBody(16 * 1024);

// Mounted under /api/admin: the admin guard has run before these (issue 37 §4, §6, §7).
export const adminPaymentRoutes = new Hono()
  .get('/payments', query(paymentsQuerySchema), async (c) => c.json(await paymentsOverview(c.req.valid('query'))))
  .get('/payments/export.csv', query(paymentsQuerySchema), async (c) => {
    const { month, client } = c.req.valid('query');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="payments-${month ?? 'all'}${client ? `-client-${client}` : ''}.csv"`);
    return c.body(await paymentsCsv(c.req.valid('query')));
  })
  .post('/payments/manual', smallBody, json(manualPaymentSchema), async (c) => c.json(await recordManualPayment(c.req.valid('json')), 201))
  .post('/payments/:id/refund', smallBody, id(), json(refundSchema), async (c) =>
    c.json(await refundByCoach(c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .get('/payments/:id/invoice', id(), async (c) => pdfAnswer(c, await invoiceOf(c.req.valid('param').id)));

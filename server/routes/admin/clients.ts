import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { bookSeries, previewSeries } from '#server/services/booking/series.ts';
import { portalAccess, sendSignInForClient, setPortalAccess } from '#server/services/portal/access.ts';
import {
  clientDetail,
  clientFromBooking,
  clientFromMessage,
  createClient,
  listClients,
  updateClient,
} from '#server/services/practice/clients.ts';
import { adjustCredits, grantPackage } from '#server/services/practice/credits.ts';
import { createPackage, deletePackage, listPackages, updatePackage } from '#server/services/practice/packages.ts';
import { id, json, query } from '#server/validation.ts';
import { seriesInputSchema } from '#src/schemas/booking-series.ts';
import { clientInputSchema, clientsQuerySchema } from '#src/schemas/client.ts';
import { adjustCreditsSchema, grantPackageSchema, packageInputSchema } from '#src/schemas/credits.ts';
import { PORTAL_LINK_SENT_BY_COACH, type PortalMessage, portalAccessSchema } from '#src/schemas/portal.ts';

const smallBody = limitBody(16 * 1024);

// Mounted under /api/admin: the admin guard has run before these (issue 35 §2, §3, §5).
export const adminClientRoutes = new Hono()
  .get('/clients', query(clientsQuerySchema), async (c) => c.json(await listClients(c.req.valid('query'))))
  .post('/clients', smallBody, json(clientInputSchema), async (c) => c.json(await createClient(c.req.valid('json')), 201))
  // From a contact message's sender or an intro call's visitor: the client they are, made if new.
  .post('/clients/from-message/:id', id(), async (c) => c.json(await clientFromMessage(c.req.valid('param').id)))
  .post('/clients/from-booking/:id', id(), async (c) => c.json(await clientFromBooking(c.req.valid('param').id)))
  .get('/clients/:id', id(), async (c) => c.json(await clientDetail(c.req.valid('param').id)))
  .put('/clients/:id', smallBody, id(), json(clientInputSchema), async (c) =>
    c.json(await updateClient(c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/clients/:id/packages', smallBody, id(), json(grantPackageSchema), async (c) => {
    const { packageId, note } = c.req.valid('json');
    return c.json(await grantPackage(c.req.valid('param').id, packageId, note), 201);
  })
  .post('/clients/:id/packages/:grant/adjust', smallBody, id('id', 'grant'), json(adjustCreditsSchema), async (c) => {
    const { id: clientId, grant } = c.req.valid('param');
    const { amount, reason } = c.req.valid('json');
    return c.json(await adjustCredits(clientId, grant, amount, reason));
  })
  // Issue 35 §5: a recurring series of sessions, checked first (nothing written), then booked whole.
  .post('/clients/:id/series/preview', smallBody, id(), json(seriesInputSchema), async (c) =>
    c.json(await previewSeries(c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/clients/:id/series', smallBody, id(), json(seriesInputSchema), async (c) =>
    c.json(await bookSeries(c.req.valid('param').id, c.req.valid('json')), 201),
  )
  // Issue 36 §5: the client's portal, as the coach sees and controls it.
  .get('/clients/:id/portal', id(), async (c) => c.json(await portalAccess(c.req.valid('param').id)))
  .put('/clients/:id/portal', smallBody, id(), json(portalAccessSchema), async (c) =>
    c.json(await setPortalAccess(c.req.valid('param').id, c.req.valid('json').enabled)),
  )
  .post('/clients/:id/portal/link', id(), async (c) => {
    await sendSignInForClient(c.req.valid('param').id);
    return c.json<PortalMessage>({ message: PORTAL_LINK_SENT_BY_COACH }, 202);
  })
  .get('/packages', async (c) => c.json(await listPackages()))
  .post('/packages', smallBody, json(packageInputSchema), async (c) => c.json(await createPackage(c.req.valid('json')), 201))
  .put('/packages/:id', smallBody, id(), json(packageInputSchema), async (c) =>
    c.json(await updatePackage(c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/packages/:id', id(), async (c) => {
    await deletePackage(c.req.valid('param').id);
    return c.body(null, 204);
  });

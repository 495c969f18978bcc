import { adminApi, call } from '#src/lib/api-client.ts';
import type { SeriesInput } from '#src/schemas/booking-series.ts';
import type { ClientInput, ClientStatus } from '#src/schemas/client.ts';
import type { PackageInput } from '#src/schemas/credits.ts';

const clients = adminApi.clients;
const byId = (id: number) => ({ param: { id: String(id) } });

export interface ClientQuery {
  search: string;
  status: ClientStatus | '';
  page: number;
}

export const fetchClients = ({ search, status, page }: ClientQuery) =>
  call(clients.$get({ query: { search: search.trim() || undefined, status: status || undefined, page: String(page) } }));
export const fetchClient = (id: number) => call(clients[':id'].$get(byId(id)));
export const createClient = (input: ClientInput) => call(clients.$post({ json: input }));
export const updateClient = (id: number, input: ClientInput) => call(clients[':id'].$put({ ...byId(id), json: input }));
export const grantPackage = (id: number, packageId: number, note: string) =>
  call(clients[':id'].packages.$post({ ...byId(id), json: { packageId, note } }));
export const adjustCredits = (id: number, grant: number, amount: number, reason: string) =>
  call(clients[':id'].packages[':grant'].adjust.$post({ param: { id: String(id), grant: String(grant) }, json: { amount, reason } }));
export const previewSeries = (id: number, input: SeriesInput) => call(clients[':id'].series.preview.$post({ ...byId(id), json: input }));
export const bookSeries = (id: number, input: SeriesInput) => call(clients[':id'].series.$post({ ...byId(id), json: input }));
export const clientFromBooking = (bookingId: number) => call(clients['from-booking'][':id'].$post(byId(bookingId)));

export const setPortalAccess = (id: number, enabled: boolean) => call(clients[':id'].portal.$put({ ...byId(id), json: { enabled } }));
export const sendPortalLink = (id: number) => call(clients[':id'].portal.link.$post(byId(id)));

export const fetchPackages = () => call(adminApi.packages.$get());
export const createPackage = (input: PackageInput) => call(adminApi.packages.$post({ json: input }));

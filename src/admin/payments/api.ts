import { adminApi, adminLink, call } from '#src/lib/api-client.ts';
import type { ManualPaymentInput, PaymentsQuery } from '#src/schemas/payments.ts';
import type { SettingsPatch } from '#src/schemas/settings.ts';

const payments = adminApi.payments;
const byId = (id: number) => ({ param: { id: String(id) } });

/** The filters as the query string carries them: an empty one is left out. */
const filters = ({ client, month }: PaymentsQuery) => ({
  client: client === undefined ? undefined : String(client),
  month: month || undefined,
});

export const fetchPayments = (query: PaymentsQuery) => call(payments.$get({ query: filters(query) }));
export const exportUrl = (query: PaymentsQuery) => adminLink(payments['export.csv'].$path({ query: filters(query) }));
export const invoiceUrl = (id: number) => adminLink(payments[':id'].invoice.$path(byId(id)));
export const recordPayment = (input: ManualPaymentInput) => call(payments.manual.$post({ json: input }));
export const refundPayment = (id: number, refund: { amountMinor: number; reason: string }) =>
  call(payments[':id'].refund.$post({ ...byId(id), json: refund }));

/** A client's bookings and granted packages, for what a payment by hand is for. */
export const fetchClient = (id: number) => call(adminApi.clients[':id'].$get(byId(id)));

/** Currency, tax and the business details on invoices: the Settings this screen owns. */
export const saveBusinessSettings = (patch: SettingsPatch) => call(adminApi.settings.$patch({ json: patch }));

import { Suspense } from 'react';
import { paymentsOverview } from '#server/services/payments/admin-payments.ts';
import { listClients } from '#server/services/practice/clients.ts';
import { readSettings } from '#server/services/settings.ts';
import { ZoneName } from '#src/admin/kit/time-zone.tsx';
import { PaymentsAdmin } from '#src/admin/payments/payments-admin.tsx';
import { PaymentsAdminSkeleton } from '#src/admin/payments/payments-admin-skeleton.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { siteConfig } from '#src/config/site.ts';
import { currentAdmin } from '#src/lib/admin-session.ts';

/** How many clients the screen's pickers list, by name: far more than a coach's practice holds. */
const CLIENT_CHOICES = 1000;

export default async function PaymentsPage() {
  if (!(await currentAdmin())) return null;
  return (
    <>
      <ScreenHeading
        title="Payments"
        intro={
          <>
            Every payment, refund and hold, the invoices, and the CSV for your accountant. Times are in <ZoneName />.
          </>
        }
      />
      <Suspense fallback={<PaymentsAdminSkeleton />}>
        <PaymentsSection />
      </Suspense>
    </>
  );
}

async function PaymentsSection() {
  const [overview, clients, settings] = await Promise.all([
    paymentsOverview({}),
    listClients({ page: 1, pageSize: CLIENT_CHOICES }),
    readSettings(),
  ]);
  const { currency, taxRate, pricesIncludeTax, businessName, businessAddress, taxId } = settings;
  return (
    <PaymentsAdmin
      initial={overview}
      clients={clients.clients.map(({ id, name, email }) => ({ id, name, email }))}
      clientsTotal={clients.total}
      business={{ currency, taxRate, pricesIncludeTax, businessName, businessAddress, taxId }}
      webhookUrl={`${siteConfig().url}/api/payments/webhook`}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

import { listContactMessages } from '../../../../server/services/contact-messages.ts';
import { ContactInbox } from '../../../admin/messages/contact-inbox.tsx';
import { siteConfig } from '../../../config/site.ts';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminContactMessagesPage() {
  if (!(await currentAdmin())) return null;
  const messages = await listContactMessages();
  return (
    <>
      <title>{`Contact Messages | ${siteConfig().name}`}</title>
      <ContactInbox initialMessages={messages} coachName={siteConfig().coachName} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

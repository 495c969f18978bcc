import { listContactMessages } from '../../../../server/services/contact-messages.ts';
import { ContactInbox } from '../../../admin/messages/contact-inbox.tsx';
import { siteConfig } from '../../../config/site.ts';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminContactMessagesPage({ query }: { query: string }) {
  if (!(await currentAdmin())) return null;
  const messages = await listContactMessages();
  return (
    <>
      <title>{`Contact Messages | ${siteConfig().name}`}</title>
      <ContactInbox initialMessages={messages} coachName={siteConfig().coachName} openId={openedMessage(query)} />
    </>
  );
}

/** `?message=12`: the message a notice email links to. */
function openedMessage(query: string): number | null {
  const id = Number(new URLSearchParams(query).get('message'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

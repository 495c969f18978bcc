import { listContactMessages } from '../../../../server/services/contact-messages.ts';
import { currentSettings } from '../../../../server/services/settings.ts';
import { ContactInbox } from '../../../admin/messages/contact-inbox.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminContactMessagesPage({ query }: { query: string }) {
  if (!(await currentAdmin())) return null;
  const [messages, { coachName }] = await Promise.all([listContactMessages(), currentSettings()]);
  return (
    <>
      <PageTitle title="Contact Messages" />
      <ContactInbox initialMessages={messages} coachName={coachName} openId={openedMessage(query)} />
    </>
  );
}

/** `?message=12`: the message a notice email links to. */
function openedMessage(query: string): number | null {
  const id = Number(new URLSearchParams(query).get('message'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

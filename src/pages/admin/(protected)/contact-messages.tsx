import { findContactMessage, listContactMessages } from '#server/services/contact-messages.ts';
import { currentSettings } from '#server/services/settings.ts';
import { ContactInbox } from '#src/admin/messages/contact-inbox.tsx';
import { PageTitle } from '#src/components/page-title.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminContactMessagesPage({ query }: { query: string }) {
  if (!(await currentAdmin())) return null;
  const openId = openedMessage(query);
  const [initial, { coachName }] = await Promise.all([listContactMessages(), currentSettings()]);
  // A notice email may link to a message older than the first page: it is read on its own.
  const opened = openId !== null && !initial.messages.some((message) => message.id === openId) ? await findContactMessage(openId) : null;
  return (
    <>
      <PageTitle title="Contact Messages" />
      <ContactInbox initial={initial} opened={opened} coachName={coachName} openId={openId} />
    </>
  );
}

/** `?message=12`: the message a notice email links to. */
function openedMessage(query: string): number | null {
  const id = Number(new URLSearchParams(query).get('message'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;

// `bun run rotate-key`: after ENCRYPTION_KEY is set to a new key and ENCRYPTION_KEY_PREVIOUS to the
// old one, re-encrypts every session note, sealed email and calendar secret with the new key (README, "Encryption at
// rest"). The site may keep running meanwhile; once this says all is done, ENCRYPTION_KEY_PREVIOUS
// can be removed. Exits 1 when something opens with neither key (listed, and left as it was).
import { openAppDatabase, shutdown } from '../server/boot.ts';
import { SealedTextError } from '../server/crypto/sealed-text.ts';
import { rotateEncryptionKey } from '../server/services/encryption-rotation.ts';

try {
  await openAppDatabase();
  const { notes, emails, calendars, unreadable } = await rotateEncryptionKey();
  console.log(
    `Re-encrypted with the new key: ${notes} session notes, ${emails} emails in the outbox, ${calendars} calendar passwords and addresses.`,
  );
  if (unreadable.length > 0) {
    console.error(`${unreadable.length} could not be opened and were left as they are:\n${unreadable.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('Everything is under ENCRYPTION_KEY now: ENCRYPTION_KEY_PREVIOUS can be removed.');
  }
} catch (error) {
  if (!(error instanceof SealedTextError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await shutdown();
}

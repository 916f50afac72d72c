// npm run audit:verify — recomputes the hash chains of the audit trail and reports the first
// broken link of each record; exits with 1 when one is found.
import '../env.ts';
import { loadConfig } from '../config.ts';
import { describeBrokenLink, verifyAuditTrail } from '../db/audit-verify.ts';
import { openDatabase } from '../db/database.ts';
import { loadSecrets } from '../secrets.ts';

const config = loadConfig();
const database = await openDatabase(config, loadSecrets(config.dataDir), () => {});
try {
  const broken = await verifyAuditTrail(database.ownerUrl);
  if (broken.length === 0) {
    console.log('The audit trail is intact: every chain verifies.');
  } else {
    console.error(`The audit trail has ${broken.length} broken chain(s):`);
    for (const link of broken) console.error(`  ${describeBrokenLink(link)}`);
    process.exitCode = 1;
  }
} finally {
  await database.stop();
}

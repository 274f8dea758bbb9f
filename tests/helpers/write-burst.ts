/**
 * Child process for the durability test: opens DATA_DIR exactly as the server does, then inserts blog
 * posts one transaction at a time, printing `ack <slug>` only after each commit returned.
 */
import { migrate } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env';

const opened = await openDatabase(parseEnv(), { purpose: 'write-burst test' });
await migrate(opened.db, { authBootstrap: true });
console.log('ready');
for (let i = 0; ; i += 1) {
  const slug = `burst-${process.pid}-${i}`;
  await opened.db.query('insert into blog_posts (title, slug, content) values ($1, $2, $3)', [`Burst ${i}`, slug, 'x']);
  console.log(`ack ${slug}`);
}

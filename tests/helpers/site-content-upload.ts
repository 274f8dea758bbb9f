import { receiveChunk, startImport } from '@/lib/backup/site-content';
import type { Database } from '@/lib/db/types';
import type { StorageAdapter } from '@/lib/storage/types';

/**
 * A server with an upload of Settings → Site content left half way (tests/integration/site-content.test.ts):
 * one 4 MiB part of an 8 MiB archive received, then waiting. SIGTERM ends it as Next.js ends a server, with
 * process.exit once the requests in flight are done.
 */
const PART = 4 * 1024 * 1024;
const { id } = await startImport({ owner: 'owner-1', size: 2 * PART });
// The part is not the last: nothing checks it against a site.
await receiveChunk({ id, owner: 'owner-1', offset: 0, body: new Blob([new Uint8Array(PART)]).stream(), db: {} as Database, storage: {} as StorageAdapter });
process.once('SIGTERM', () => process.exit(0));
console.log('holding');
setInterval(() => undefined, 60_000);

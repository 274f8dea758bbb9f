/** Child process that opens DATA_DIR like the server and holds it until it is killed. */
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env';

await openDatabase(parseEnv(), { purpose: 'the site server' });
console.log('holding');
setInterval(() => undefined, 60_000);

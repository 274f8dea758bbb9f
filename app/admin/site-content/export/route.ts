import { getSiteSettingsForEditing } from '@/lib/content/settings/queries';
import { getDb } from '@/lib/db/client';
import { startExport } from '@/lib/backup/site-content';
import { asFreshAdmin } from '@/lib/backup/site-content-http';
import { uncachedJson } from '@/lib/public-pages';
import { getAboutForEditing } from '@/lib/content/about/queries';
import { getStorageForRequest } from '@/lib/storage';

/**
 * POST /admin/site-content/export (Settings → Site content): starts preparing the site's export
 * archive, the one `npm run export` writes; answers `{ id }` at once (202). Its progress is at
 * ./[id], its download at ./[id]/download. Only a fresh admin (lib/backup/site-content-http.ts).
 */
export function POST(request: Request): Promise<Response> {
  return asFreshAdmin(request, 'The export', async (owner) => {
    const title = (await getSiteSettingsForEditing()).siteTitle.trim() || (await getAboutForEditing())?.name.trim() || '';
    return uncachedJson(await startExport({ owner, db: await getDb(), storage: await getStorageForRequest(), siteTitle: title }), 202);
  });
}

import { connection } from 'next/server';

import { talkCalendar } from '@/lib/calendar/talks';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { getSiteTimeZone } from '@/lib/content/settings/queries';
import { getTalk } from '@/lib/content/talks/queries';
import { NEVER_STORE } from '@/lib/public-pages';
import { siteAddress } from '@/lib/site-url';

/** One talk as a calendar file to add to a calendar: 404 for no such talk, or one whose day is not known. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  await connection();
  const { id } = await params;
  try {
    const [talk, timeZone, about, site] = await Promise.all([getTalk(id), getSiteTimeZone(), getAbout(), siteAddress()]);
    const owner = ownerNameOf(about);
    const body = talk ? talkCalendar(talk, { siteTimeZone: timeZone, address: site.address, name: owner ? `Talks by ${owner}` : 'Talks' }) : null;
    if (!body) return new Response('No such talk, or its day is not known.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NEVER_STORE } });
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'attachment; filename="talk.ics"',
        'x-content-type-options': 'nosniff',
        ...site.headers,
      },
    });
  } catch (error) {
    console.error('Could not build a talk.ics', error);
    return new Response('The talk could not be loaded. Please try again later.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NEVER_STORE } });
  }
}

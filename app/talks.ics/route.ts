import { connection } from 'next/server';

import { talksCalendar } from '@/lib/calendar/talks';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { getSiteTimeZone } from '@/lib/content/settings/queries';
import { getTalks } from '@/lib/content/talks/queries';
import { NEVER_STORE } from '@/lib/public-pages';
import { siteAddress } from '@/lib/site-url';

/**
 * The upcoming talks as a calendar feed (RFC 5545) that calendar apps subscribe to. The reads are cached and
 * tagged; which talks are upcoming is decided on each request, in the site's time zone.
 */
export async function GET(): Promise<Response> {
  await connection();
  try {
    const site = await siteAddress();
    const [talks, timeZone, about] = await Promise.all([getTalks(), getSiteTimeZone(), getAbout()]);
    const owner = ownerNameOf(about);
    const body = talksCalendar(talks, { siteTimeZone: timeZone, address: site.address, name: owner ? `Talks by ${owner}` : 'Talks' });
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="talks.ics"',
        'x-content-type-options': 'nosniff',
        ...site.headers,
      },
    });
  } catch (error) {
    console.error('Could not build talks.ics', error);
    return new Response('The talks could not be loaded. Please try again later.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NEVER_STORE } });
  }
}

import { connection } from 'next/server';

import { toRisFile } from '@/lib/citations/formats';
import { getResearchPapers } from '@/lib/content/research/queries';
import { getEnv } from '@/lib/env';

/** Every public paper as one RIS file (drafts are left out), for reference managers; /research.bib's twin. */
export async function GET(): Promise<Response> {
  await connection();
  try {
    const body = toRisFile(await getResearchPapers(), getEnv().SITE_URL);
    return new Response(body, {
      headers: {
        'content-type': 'application/x-research-info-systems; charset=utf-8',
        'content-disposition': 'inline; filename="research.ris"',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    console.error('Could not build research.ris', error);
    return new Response('The papers could not be loaded. Please try again later.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

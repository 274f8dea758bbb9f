import { connection } from 'next/server';

import { getResearchPapers } from '@/lib/content/research/queries';
import { toBibtexFile } from '@/lib/content/research/scholar';
import { getEnv } from '@/lib/env';

/** Every public paper as one BibTeX file (drafts are left out), keys as on each paper's Cite panel. */
export async function GET(): Promise<Response> {
  await connection();
  try {
    const body = toBibtexFile(await getResearchPapers(), getEnv().SITE_URL);
    return new Response(body, {
      headers: {
        'content-type': 'application/x-bibtex; charset=utf-8',
        'content-disposition': 'inline; filename="research.bib"',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    console.error('Could not build research.bib', error);
    return new Response('The papers could not be loaded. Please try again later.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

import 'server-only';
import { connection } from 'next/server';

import { getEnv } from '@/lib/env';
import { getResearchPapers } from './queries';
import type { ResearchPaper } from './types';

/**
 * /research.bib and /research.ris: every paper as one file for reference managers, written by `render`
 * (which leaves drafts out), answered inline with its type; a failed read is a plain 503 that says so.
 */
export async function papersFileResponse(
  file: { name: string; contentType: string },
  render: (papers: readonly ResearchPaper[], siteUrl: string | undefined) => string,
): Promise<Response> {
  await connection();
  try {
    const body = render(await getResearchPapers(), getEnv().SITE_URL);
    return new Response(body, {
      headers: {
        'content-type': `${file.contentType}; charset=utf-8`,
        'content-disposition': `inline; filename="${file.name}"`,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    console.error(`Could not build ${file.name}`, error);
    return new Response('The papers could not be loaded. Please try again later.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

import { connection } from 'next/server';

import { getPaperCitation } from '@/lib/citations/read';
import { countDownload } from '@/lib/analytics/collect';
import { publicFileResponse } from '@/lib/file-response';
import { uncachedJson } from '@/lib/public-pages';
import { isUuid } from '@/lib/validation/lists';

type Context = { params: Promise<{ id: string }> };

function jsonError(status: 404 | 503, error: string): Response {
  return uncachedJson({ error }, status);
}

/**
 * One citable paper's citation for its Cite panel, fetched when the panel first opens (so none of it weighs
 * on the page): `{ key, bibtex, ris, styles: [{ id, label, text, html }] }`, with an ETag and the public
 * pages' Cache-Control. An unknown paper or a draft is a 404; a failed read a 503.
 */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  await connection();
  const { id } = await params;
  try {
    // A malformed id names no paper: answered without a cache entry for it.
    const citation = isUuid(id) ? await getPaperCitation(id) : null;
    if (!citation) return jsonError(404, 'There is no paper to cite at this address.');
    const response = publicFileResponse(request, { body: citation.body, etag: citation.etag, headers: { 'content-type': 'application/json; charset=utf-8' } });
    // A reader opening the paper's Cite panel: counted as a download of its citation.
    return countDownload(request, `/research/${id}/cite`, response);
  } catch (error) {
    console.error(`Could not make the citation of paper ${id}`, error);
    return jsonError(503, 'The citation could not be loaded. Please try again later.');
  }
}

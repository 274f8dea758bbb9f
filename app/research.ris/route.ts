import { toRisFile } from '@/lib/citations/formats';
import { countDownload } from '@/lib/analytics/collect';
import { papersFileResponse } from '@/lib/content/research/papers-file';

/** Every public paper as one RIS file (drafts are left out), for reference managers; /research.bib's twin. */
export async function GET(request: Request): Promise<Response> {
  return countDownload(request, '/research.ris', await papersFileResponse({ name: 'research.ris', contentType: 'application/x-research-info-systems' }, toRisFile));
}

import { countDownload } from '@/lib/analytics/collect';
import { papersFileResponse } from '@/lib/content/research/papers-file';
import { toBibtexFile } from '@/lib/content/research/scholar';

/** Every public paper as one BibTeX file (drafts are left out), keys as on each paper's Cite panel. */
export async function GET(request: Request): Promise<Response> {
  return countDownload(request, '/research.bib', await papersFileResponse({ name: 'research.bib', contentType: 'application/x-bibtex' }, toBibtexFile));
}

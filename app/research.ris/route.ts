import { toRisFile } from '@/lib/citations/formats';
import { papersFileResponse } from '@/lib/content/research/papers-file';

/** Every public paper as one RIS file (drafts are left out), for reference managers; /research.bib's twin. */
export function GET(): Promise<Response> {
  return papersFileResponse({ name: 'research.ris', contentType: 'application/x-research-info-systems' }, toRisFile);
}

import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { ResearchEditor } from '@/components/admin/research/research-editor';
import { requireAdmin } from '@/lib/auth/guard';
import { getStorage } from '@/lib/storage';
import { getAboutForEditing } from '@/lib/content/about/queries';
import { ownerOrcid } from '@/lib/content/about/types';
import { getPapersForEditing } from '@/lib/content/research/queries';
import { getFoundWorks } from '@/lib/content/research/citations';
import type { ResearchPaper } from '@/lib/content/research/types';
import { getPaperReadership } from '@/lib/analytics/queries';

export const metadata: Metadata = { title: 'Research Papers' };

export default function AdminResearchEditPage() {
  return (
    <EditorPage title="Research Papers Management" description="Papers, preprints and drafts, with their abstracts and PDFs." loading="Loading research papers...">
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  await requireAdmin();
  let papers: ResearchPaper[];
  let orcid: string | null;
  // The bucket is listed beside the reads, not after them; its failure is its own (paperFiles).
  const files = paperFiles();
  // So are the papers' readers (issue 48): when they cannot be read, the cards show none.
  const readership = getPaperReadership().catch((error: unknown) => {
    console.error("Research papers: reading the papers' readers failed", error);
    return {};
  });
  try {
    [papers, orcid] = await Promise.all([getPapersForEditing(), getAboutForEditing().then(ownerOrcid)]);
  } catch (error) {
    console.error('Failed to fetch research papers.', error);
    return <EditorLoadFailed title="Error" toast="Failed to fetch research papers." what="The research papers" />;
  }
  // The found works are the citation run's, compared with the papers just read: when they cannot be read, the
  // editor still loads, without them.
  const found = await getFoundWorks(papers).catch((error: unknown) => {
    console.error('Research papers: reading the works found on the ORCID profile failed', error);
    return [];
  });
  return <ResearchEditor initial={papers} ownerOrcid={orcid} files={await files} found={found} readership={await readership} />;
}

/**
 * The files of the research-papers bucket (the media library's), newest first, that a paper's links can point
 * to (issue 45: slides and posters as PDFs); none when the bucket cannot be listed, and the links are typed.
 */
async function paperFiles(): Promise<{ name: string; url: string }[]> {
  try {
    const files = await getStorage().list('research-papers');
    return files
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, PAPER_FILES_OFFERED)
      .map(({ name, url }) => ({ name, url }));
  } catch (error) {
    console.error('Research papers: listing the research-papers bucket failed', error);
    return [];
  }
}

/** At most this many files are offered: the newest, as the media library shows them. */
const PAPER_FILES_OFFERED = 200;

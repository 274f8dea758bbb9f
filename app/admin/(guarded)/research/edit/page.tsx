import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { ResearchEditor } from '@/components/admin/research/research-editor';
import { requireAdmin } from '@/lib/auth/guard';
import { getAboutForEditing } from '@/lib/content/about/queries';
import { ownerOrcid } from '@/lib/content/about/types';
import { getPapersForEditing } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';

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
  try {
    [papers, orcid] = await Promise.all([getPapersForEditing(), getAboutForEditing().then(ownerOrcid)]);
  } catch (error) {
    console.error('Failed to fetch research papers.', error);
    return <EditorLoadFailed title="Error" toast="Failed to fetch research papers." what="The research papers" />;
  }
  return <ResearchEditor initial={papers} ownerOrcid={orcid} />;
}

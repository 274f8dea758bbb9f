import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { ResearchEditor } from '@/components/admin/research/research-editor';
import { paper } from '../fixtures/papers';

/** The Research Papers editor's cards (issue 48): each paper's readers over the last 90 days under its head. */

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined, push: () => undefined, replace: () => undefined }) }));
// The editor's server actions: never called by a render.
vi.mock('@/app/admin/(guarded)/research/edit/actions', () => {
  const never = () => Promise.reject(new Error('not in this test'));
  return {
    createPaperAction: never,
    updatePaperAction: never,
    deletePaperAction: never,
    previewBibtexAction: never,
    importBibtexAction: never,
    lookupIdentifiersAction: never,
    importLookedUpAction: never,
    refreshPaperAction: never,
    lookupFoundWorksAction: never,
    dismissFoundWorksAction: never,
  };
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe("a paper's readers in the Research Papers editor", () => {
  it('shows views and downloads of the last 90 days under the paper that has them, and nothing under one without', () => {
    const html = renderToStaticMarkup(
      <ResearchEditor
        initial={[paper({ id: 'read', title: 'Ideal theory', date: '2024-01-01' }), paper({ id: 'unread', title: 'Abstract algebra', date: '2023-01-01' })]}
        readership={{ read: { views: 12, downloads: 1 } }}
      />,
    );
    const body = text(html);
    expect(body.match(/in the last 90 days/g)).toHaveLength(1);
    expect(body).toMatch(/Ideal theory .*12 views · 1 download in the last 90 days .*Abstract algebra/);
  });
});

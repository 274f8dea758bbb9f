'use client';

import { useMemo } from 'react';

import { z } from '@/lib/validation/zod';

import { createPaperAction, deletePaperAction, updatePaperAction } from '@/app/admin/(guarded)/research/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ItemEditorShell, type ItemEditorConfig } from '@/components/admin/item-editor-shell';
import { itemDraftSchema, useItemEditor } from '@/components/admin/use-item-editor';
import { Markdown } from '@/components/site/markdown';
import { Badge } from '@/components/ui/badge';
import { readershipLine } from '@/lib/analytics/display';
import type { PaperReadership } from '@/lib/analytics/types';
import { formatLongDate } from '@/lib/format';
import { PAPER_KIND_LABELS, venueLine } from '@/lib/content/research/kinds';
import { linksOf } from '@/lib/content/research/links';
import { STATUS_BADGES } from '@/lib/content/research/rules';
import type { ResearchPaper } from '@/lib/content/research/types';
import { checkPaper, emptyPaperForm } from '@/lib/validation/research';
import { BibtexImport } from './bibtex-import';
import { FoundWorks } from './found-works';
import type { FoundWork } from '@/lib/scholarly/citation-types';
import { IdentifierImport } from './identifier-import';
import { RefreshFromSource } from './refresh-from-source';
import { PAPER_FILES_LIST, PaperFormFields, type PaperForm } from './paper-form';

const RESEARCH_EDITOR: ItemEditorConfig<ResearchPaper, PaperForm> = {
  draftName: 'research',
  draftSchema: itemDraftSchema(
    z.object({
      title: z.string(),
      journal: z.string(),
      authors: z.string(),
      date: z.string(),
      abstract: z.string(),
      link: z.string(),
      pdfUrl: z.string(),
      tags: z.string(),
      // Drafts saved before these fields existed lack them.
      doi: z.string().default(''),
      arxivId: z.string().default(''),
      status: z.string(),
      // And these, before papers had kinds (issue 45): a journal article then.
      kind: z.string().default('article'),
      volume: z.string().default(''),
      issue: z.string().default(''),
      pages: z.string().default(''),
      articleNumber: z.string().default(''),
      publisher: z.string().default(''),
      editors: z.string().default(''),
      edition: z.string().default(''),
      isbn: z.string().default(''),
      institution: z.string().default(''),
      reportNumber: z.string().default(''),
      eventName: z.string().default(''),
      eventPlace: z.string().default(''),
      eventStart: z.string().default(''),
      eventEnd: z.string().default(''),
      codeUrl: z.string().default(''),
      dataUrl: z.string().default(''),
      slidesUrl: z.string().default(''),
      videoUrl: z.string().default(''),
      posterUrl: z.string().default(''),
      publishedUrl: z.string().default(''),
      note: z.string().default(''),
      selected: z.boolean().default(false),
    }),
  ),
  // docs/product.md §7: the admin list by date descending, then title.
  order: (a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title),
  toForm: (paper) => ({
    title: paper.title,
    journal: paper.journal,
    authors: paper.authors.join(', '),
    date: paper.date,
    abstract: paper.abstract,
    link: paper.link ?? '',
    pdfUrl: paper.pdfUrl ?? '',
    tags: paper.tags.join(', '),
    doi: paper.doi ?? '',
    arxivId: paper.arxivId ?? '',
    status: paper.status,
    kind: paper.kind,
    volume: paper.volume,
    issue: paper.issue,
    pages: paper.pages,
    articleNumber: paper.articleNumber,
    publisher: paper.publisher,
    editors: paper.editors.join(', '),
    edition: paper.edition,
    isbn: paper.isbn,
    institution: paper.institution,
    reportNumber: paper.reportNumber,
    eventName: paper.eventName,
    eventPlace: paper.eventPlace,
    eventStart: paper.eventStart ?? '',
    eventEnd: paper.eventEnd ?? '',
    codeUrl: paper.codeUrl ?? '',
    dataUrl: paper.dataUrl ?? '',
    slidesUrl: paper.slidesUrl ?? '',
    videoUrl: paper.videoUrl ?? '',
    posterUrl: paper.posterUrl ?? '',
    publishedUrl: paper.publishedUrl ?? '',
    note: paper.note,
    selected: paper.selected,
  }),
  newForm: () => emptyPaperForm(),
  check: checkPaper,
  create: withinBodyLimit(createPaperAction),
  update: withinBodyLimit(updatePaperAction),
  remove: deletePaperAction,
  messages: {
    created: 'Research paper created successfully',
    updated: 'Research paper updated successfully',
    deleted: 'Research paper deleted successfully',
    failed: (error) => ({ title: 'Error', description: error }),
    deleteTitle: 'Delete Research Paper',
    confirmDelete: (paper) => `Delete "${paper.title}"? This cannot be undone.`,
    unreachable: {
      save: 'Failed to save research paper: the server could not be reached. Your changes are kept here; please try again.',
      delete: 'Failed to delete research paper: the server could not be reached. Please try again.',
    },
  },
  idPrefix: 'paper',
  labels: {
    allTab: 'All Papers',
    createTab: 'Create New Paper',
    list: 'Research papers',
    empty: 'No research papers found. Add your first paper!',
    emptyButton: 'Add First Paper',
    createHeading: 'New research paper',
    createButton: 'Create Paper',
  },
  head: (paper) => ({
    title: paper.title,
    subtitle: `${formatLongDate(paper.date)} • ${venueLine(paper) || PAPER_KIND_LABELS[paper.kind]}`,
    badges: [
      ...(paper.selected ? [<Badge key=" selected">Selected</Badge>] : []),
      ...paper.tags.map((tag) => (
        <Badge key={tag} variant="secondary">
          {tag}
        </Badge>
      )),
    ],
  }),
  renderRead: (paper, editor) => (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-medium">Authors</dt>
          <dd className="text-muted-foreground">{paper.authors.join(', ')}</dd>
        </div>
        {paper.note ? (
          <div>
            <dt className="font-medium">Note</dt>
            <dd className="text-muted-foreground">{paper.note}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium">Abstract</dt>
          <dd className="text-muted-foreground">{paper.abstract.trim() ? <Markdown source={paper.abstract} className="text-sm" /> : 'No abstract provided.'}</dd>
        </div>
        {paper.link ? (
          <div>
            <dt className="font-medium">Link</dt>
            <dd>
              <a href={paper.link} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-4">
                {paper.link}
              </a>
            </dd>
          </div>
        ) : null}
        {linksOf(paper).map((link) => (
          <div key={link.key}>
            <dt className="font-medium">{link.label}</dt>
            <dd>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-4">
                {link.href}
              </a>
            </dd>
          </div>
        ))}
        {paper.doi ? (
          <div>
            <dt className="font-medium">DOI</dt>
            <dd className="break-all text-muted-foreground">{paper.doi}</dd>
          </div>
        ) : null}
        {paper.arxivId ? (
          <div>
            <dt className="font-medium">arXiv</dt>
            <dd className="text-muted-foreground">arXiv:{paper.arxivId}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium">Status</dt>
          <dd>
            <Badge variant="outline" className={STATUS_BADGES[paper.status].className}>
              {STATUS_BADGES[paper.status].label}
            </Badge>
          </dd>
        </div>
      </dl>
      {paper.doi || paper.arxivId ? <RefreshFromSource paper={paper} onSaved={(updated) => editor.addItems([updated])} /> : null}
    </div>
  ),
  form: PaperFormFields,
};

const NO_READERSHIP: Readonly<Record<string, PaperReadership>> = {};

/** Research Papers Management (docs/product.md §§2, 4, 5 and 8), with the imports above the list. */
export function ResearchEditor({
  initial,
  ownerOrcid = null,
  files = [],
  found = [],
  readership = NO_READERSHIP,
}: {
  initial: ResearchPaper[];
  ownerOrcid?: string | null;
  /** Works on the owner's ORCID profile the citation run found that are not on the site (issue 46). */
  found?: readonly FoundWork[];
  /** The research-papers bucket's files, offered in each form's Links (PAPER_FILES_LIST). */
  files?: readonly { name: string; url: string }[];
  /** Each paper's readers over the last 90 days (issue 48), by paper id; a paper without any is absent. */
  readership?: Readonly<Record<string, PaperReadership>>;
}) {
  const editor = useItemEditor(RESEARCH_EDITOR, initial);
  // Each card's head, with the paper's readers under its date and venue.
  const config = useMemo<typeof RESEARCH_EDITOR>(
    () => ({
      ...RESEARCH_EDITOR,
      head: (paper) => {
        const head = RESEARCH_EDITOR.head(paper);
        const readers: PaperReadership | undefined = readership[paper.id];
        if (!readers) return head;
        return {
          ...head,
          subtitle: (
            <>
              {head.subtitle}
              <span className="block text-xs">{readershipLine(readers)}</span>
            </>
          ),
        };
      },
    }),
    [readership],
  );
  return (
    <div className="flex flex-col gap-6">
      <datalist id={PAPER_FILES_LIST}>
        {files.map((file) => (
          <option key={file.url} value={file.url} label={file.name} />
        ))}
      </datalist>
      <FoundWorks initial={found} orcid={ownerOrcid} onImported={editor.addItems} />
      <div className="flex flex-col gap-4">
        <IdentifierImport onImported={editor.addItems} ownerOrcid={ownerOrcid} />
        <BibtexImport onImported={editor.addItems} />
      </div>
      <ItemEditorShell editor={editor} config={config} />
    </div>
  );
}

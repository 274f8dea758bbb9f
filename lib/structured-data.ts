import { ownerNameOf, ownerOrcid, type About } from '@/lib/content/about/types';
import type { BlogPost } from '@/lib/content/blog/types';
import type { ResearchPaper } from '@/lib/content/research/types';
import { absoluteUrl } from '@/lib/absolute-url';
import { blogPostPath } from '@/lib/canonical';
import { arxivUrl, doiUrl } from '@/lib/content/research/scholar';

/**
 * schema.org descriptions of the owner and their work, for search engines (JSON-LD). Pure: the pages
 * hand in what they read and the site's public address when it is configured.
 */

type Thing = Record<string, unknown>;

/**
 * The owner from the profile: name, job title, affiliation (the profile's, else a current programme's
 * institution), every profile link as sameAs and the ORCID iD as an identifier.
 */
export function personData(about: About | null, siteUrl?: string): Thing {
  const name = ownerNameOf(about);
  const affiliation = about?.affiliation.trim() || about?.education.find((entry) => entry.endYear === null)?.institution;
  const orcid = ownerOrcid(about);
  const sameAs = (about?.links ?? []).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    ...(name ? { name } : {}),
    ...(about?.title.trim() ? { jobTitle: about.title.trim() } : {}),
    ...(affiliation ? { affiliation: { '@type': 'CollegeOrUniversity', name: affiliation } } : {}),
    ...(siteUrl ? { url: siteUrl } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(orcid ? { identifier: { '@type': 'PropertyValue', propertyID: 'ORCID', value: orcid } } : {}),
  };
}

export function websiteData(name: string, siteUrl?: string): Thing {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name, ...(siteUrl ? { url: siteUrl } : {}) };
}

export function scholarlyArticleData(paper: ResearchPaper, siteUrl?: string): Thing {
  const page = absoluteUrl(`/research/${paper.id}`, siteUrl);
  const pdf = paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null;
  const sameAs = [...new Set([paper.doi ? doiUrl(paper.doi) : null, paper.arxivId ? arxivUrl(paper.arxivId) : null, paper.link].filter((url) => url !== null))];
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: paper.title,
    name: paper.title,
    author: paper.authors.map((name) => ({ '@type': 'Person', name })),
    datePublished: paper.date,
    ...(paper.abstract.trim() ? { abstract: paper.abstract.trim() } : {}),
    ...(paper.journal.trim() ? { isPartOf: { '@type': 'Periodical', name: paper.journal.trim() } } : {}),
    ...(paper.tags.length > 0 ? { keywords: paper.tags.join(', ') } : {}),
    ...(page ? { url: page } : {}),
    ...(paper.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: paper.doi } } : {}),
    ...(sameAs.length > 0 ? { sameAs: sameAs.length === 1 ? sameAs[0] : sameAs } : {}),
    ...(pdf ? { encoding: { '@type': 'MediaObject', contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
  };
}

export function blogPostingData(post: BlogPost, authorName: string, siteUrl?: string): Thing {
  const page = absoluteUrl(blogPostPath(post.slug), siteUrl);
  const image = post.coverImage ? absoluteUrl(post.coverImage, siteUrl) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    datePublished: post.date,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: authorName },
    ...(post.excerpt.trim() ? { description: post.excerpt.trim() } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    ...(page ? { url: page, mainEntityOfPage: page } : {}),
    ...(image ? { image } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export function jsonLd(data: Thing | Thing[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

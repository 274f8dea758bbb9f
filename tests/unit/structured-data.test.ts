import { describe, expect, it } from 'vitest';

import type { About } from '@/lib/content/about/types';
import type { BlogPost } from '@/lib/content/blog/types';
import type { ResearchPaper } from '@/lib/content/research/types';
import { aboutProfile } from '../fixtures/about';
import { EMPTY_VENUE } from '../fixtures/papers';
import { blogPostingData, jsonLd, personData, researchPaperData, websiteData } from '@/lib/structured-data';

const about = aboutProfile({
  name: 'Alex Morgan',
  title: 'Mathematics PhD Student',
  education: [
    { institution: 'Imperial College London', degree: 'MSc', field: 'Maths', startYear: 2020, endYear: 2021 },
    { institution: 'University of Edinburgh', degree: 'PhD', field: 'Maths', startYear: 2021, endYear: null },
  ],
});

const paper: ResearchPaper = {
  id: 'p1',
  title: 'Zeros',
  abstract: ' We bound $N$. ',
  authors: ['Alex Morgan', 'Priya Raman'],
  date: '2025-06-01',
  journal: 'Journal of Number Theory',
  link: 'https://doi.org/10.1000/xyz',
  pdfUrl: '/storage/research-papers/z.pdf',
  tags: ['zeta', 'primes'],
  doi: null,
  arxivId: null,
  status: 'published',
  updatedAt: '2025-06-02T00:00:00.000Z',
  ...EMPTY_VENUE,
};

describe('structured data', () => {
  it('describes the owner with job title, current affiliation and profile links', () => {
    expect(personData(about, 'https://alex.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Alex Morgan',
      jobTitle: 'Mathematics PhD Student',
      affiliation: { '@type': 'CollegeOrUniversity', name: 'University of Edinburgh' },
      url: 'https://alex.example',
    });
    // Without a profile it names no one.
    expect(personData(null)).toEqual({ '@context': 'https://schema.org', '@type': 'Person' });
    expect(websiteData('Alex Morgan')).toEqual({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Alex Morgan' });
  });

  it('gives every profile link as sameAs, the ORCID iD as identifier, and the profile’s affiliation first', () => {
    const jane: About = {
      ...about,
      name: 'Jane Doe',
      affiliation: 'Institute for Advanced Study',
      links: [
        { kind: 'mastodon', label: '', url: 'https://mathstodon.xyz/@jane' },
        { kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-9079-593X' },
        { kind: 'other', label: 'Seminar', url: 'https://seminar.example.org/' },
      ],
    };
    expect(personData(jane)).toMatchObject({
      name: 'Jane Doe',
      affiliation: { '@type': 'CollegeOrUniversity', name: 'Institute for Advanced Study' },
      sameAs: ['https://mathstodon.xyz/@jane', 'https://orcid.org/0000-0002-9079-593X', 'https://seminar.example.org/'],
      identifier: { '@type': 'PropertyValue', propertyID: 'ORCID', value: '0000-0002-9079-593X' },
    });
  });

  it('describes a paper as a ScholarlyArticle, absolute addresses only with a site address', () => {
    const data = researchPaperData(paper, 'https://alex.example');
    expect(data).toMatchObject({
      '@type': 'ScholarlyArticle',
      name: 'Zeros',
      author: [
        { '@type': 'Person', name: 'Alex Morgan' },
        { '@type': 'Person', name: 'Priya Raman' },
      ],
      datePublished: '2025-06-01',
      abstract: 'We bound $N$.',
      isPartOf: { '@type': 'Periodical', name: 'Journal of Number Theory' },
      url: 'https://alex.example/research/p1',
      encoding: { contentUrl: 'https://alex.example/storage/research-papers/z.pdf' },
    });
    expect(researchPaperData(paper)).not.toHaveProperty('url');
    expect(researchPaperData(paper)).not.toHaveProperty('encoding');
  });

  it('describes a post as a BlogPosting and never lets text close the script element', () => {
    const post = { id: 'b', slug: 'a-b', title: 'x</script><script>alert(1)</script>', excerpt: 'E', content: '', date: '2026-01-02', tags: [], coverImage: null, createdAt: '', updatedAt: '2026-01-03T00:00:00.000Z' } satisfies BlogPost;
    const data = blogPostingData(post, 'Alex Morgan', 'https://alex.example');
    expect(data).toMatchObject({ '@type': 'BlogPosting', url: 'https://alex.example/blog/a-b', author: { name: 'Alex Morgan' }, description: 'E' });
    const text = jsonLd(data);
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual(data);
  });
});

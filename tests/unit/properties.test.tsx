// @module-tag security
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Markdown } from '@/components/site/markdown';
import { SimpleMarkup } from '@/components/site/simple-markup';
import { previewBibtex } from '@/lib/content/research/bibtex-import';
import { isPages, isValidIsbn, KIND_FIELDS, PAPER_KINDS, VENUE_FIELDS } from '@/lib/content/research/kinds';
import { citationKeys, toBibtex, toLatex } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { sanitizeHtml } from '@/lib/sanitize';
import { aboutSchema } from '@/lib/validation/about';
import { adminCredentialsSchema } from '@/lib/validation/admin-provisioning';
import { adminEmailSchema } from '@/lib/validation/admin-role';
import { loginSchema, setupSchema, signOutScopeSchema, signupSchema } from '@/lib/validation/auth';
import { checkBibtexImport, checkBibtexText } from '@/lib/validation/bibtex';
import { BLOG_LIMITS, blogPostSchema, checkBlogPost, normaliseSlug } from '@/lib/validation/blog';
import { experienceListSchema } from '@/lib/validation/experience';
import { isHttpUrl, storedIdSchema } from '@/lib/validation/lists';
import { checkPersonalPost, personalPostSchema } from '@/lib/validation/personal';
import { projectListSchema } from '@/lib/validation/projects';
import { checkPaper, emptyPaperForm, paperSchema, RESEARCH_LIMITS } from '@/lib/validation/research';
import { passwordChangeSchema, profileSettingsSchema, siteSettingsSchema } from '@/lib/validation/settings';
import { uploadFieldsSchema } from '@/lib/validation/upload';
import type { z } from '@/lib/validation/zod';

/**
 * Property-based tests (issue 15, hostile input): whatever a client sends, every schema answers a parse
 * result and never throws; the slug rule, the sanitiser and the renderers hold their promises for any
 * input, not only the examples of their own tests.
 */

const RUNS = { numRuns: 300 };

/** Strings a hostile client would try: markup, scripts, handlers, schemes, control and astral characters. */
const hostileFragment = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="//evil.example"></iframe>',
  '<scr\u0000ipt>alert(1)</script>',
  '"><script>alert(1)</script>',
  '<style>*{display:none}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '![x](javascript:alert(1))',
  '<div style="position:fixed;inset:0">',
  '$\\href{javascript:alert(1)}{x}$',
  '$$\\def\\a{\\a}\\a$$',
  '\u202e\u0000\ud83d\ude00',
  '{{7*7}}',
  '%00',
  '../../etc/passwd',
  '\\"o',
  '@article{x, title={',
);
const hostileString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.array(fc.oneof(hostileFragment, fc.string({ maxLength: 8 })), { maxLength: 12 }).map((parts) => parts.join('')));
/** Any JSON-ish value a server action can receive. */
const anyInput = fc.oneof(fc.anything(), hostileString, fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(hostileString, fc.anything())));

/** A record with the schema's own keys, each filled with a hostile or arbitrary value. */
function shapedLike(keys: readonly string[]) {
  return fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(hostileString, fc.anything(), fc.array(hostileString, { maxLength: 4 }))])), { requiredKeys: [] });
}

const schemas: [string, z.ZodType, readonly string[]][] = [
  ['about', aboutSchema, ['name', 'title', 'affiliation', 'bio', 'email', 'location', 'imageUrl', 'education', 'researchInterests', 'skills', 'footerBlurb', 'links', 'mark', 'markImageUrl']],
  ['experience list', experienceListSchema, ['items']],
  ['project list', projectListSchema, ['items']],
  ['research paper', paperSchema, ['kind', 'title', 'journal', 'authors', 'date', 'abstract', 'link', 'pdfUrl', 'tags', 'doi', 'arxivId', 'status', ...VENUE_FIELDS]],
  ['blog post', blogPostSchema, ['title', 'slug', 'excerpt', 'tags', 'coverImage', 'content']],
  ['personal post', personalPostSchema, ['title', 'type', 'content', 'imageUrls']],
  ['profile settings', profileSettingsSchema, ['displayName', 'bio']],
  ['site settings', siteSettingsSchema, ['siteTitle', 'metaDescription', 'socialImageUrl']],
  ['password change', passwordChangeSchema, ['currentPassword', 'newPassword', 'confirmPassword']],
  ['login', loginSchema, ['email', 'password']],
  ['sign-up', signupSchema, ['email', 'password', 'confirmPassword']],
  ['setup', setupSchema, ['code', 'email', 'password', 'confirmPassword']],
  ['admin credentials', adminCredentialsSchema, ['email', 'password']],
  ['admin e-mail', adminEmailSchema, ['email']],
  ['upload fields', uploadFieldsSchema, ['bucket']],
  ['sign-out scope', signOutScopeSchema, []],
  ['stored id', storedIdSchema, []],
];

describe('every schema answers any input without throwing', () => {
  it.each(schemas)('%s', (_name, schema, keys) => {
    fc.assert(
      fc.property(fc.oneof(anyInput, shapedLike(keys)), (input) => {
        const result = schema.safeParse(input);
        expect(typeof result.success).toBe('boolean');
        if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  // Found by the property above (seed 1282912801): zod compared such a `length` with a limit and threw.
  it.each(schemas)('%s: a value whose `length` cannot be compared is refused, not thrown on', (_name, schema, keys) => {
    const unconvertible = [{ length: { toString: 0 } }, { length: Object.create(null) }];
    for (const value of unconvertible) {
      const inputs = [value, [value], ...keys.map((key) => ({ [key]: value })), ...keys.map((key) => ({ [key]: [value] }))];
      for (const input of inputs) expect(schema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it('the editors’ checks answer a message, never an exception', () => {
    for (const check of [checkPaper, checkBlogPost, checkPersonalPost, checkBibtexText, checkBibtexImport]) {
      fc.assert(
        fc.property(anyInput, (input) => {
          const result = check(input);
          if (!result.ok) expect(result.error).toEqual(expect.any(String));
        }),
        { numRuns: 150 },
      );
    }
  });
});

describe('what a schema accepts is within its limits', () => {
  it('a paper: bounded title, http(s)-only link, a known status, identifiers normalised or null', () => {
    fc.assert(
      fc.property(shapedLike(['title', 'journal', 'authors', 'date', 'abstract', 'link', 'pdfUrl', 'tags', 'doi', 'arxivId', 'status']), (input) => {
        const result = checkPaper({ title: 'T', journal: 'J', authors: 'A', date: '2024-01-01', ...input });
        if (!result.ok) return;
        expect(result.data.title.length).toBeLessThanOrEqual(RESEARCH_LIMITS.title);
        expect(result.data.link === null || isHttpUrl(result.data.link)).toBe(true);
        expect(['published', 'preprint', 'submitted', 'draft']).toContain(result.data.status);
        expect(result.data.doi === null || /^10\.\d{4,9}\/\S+$/.test(result.data.doi)).toBe(true);
      }),
      RUNS,
    );
  });

  it("a paper's venue: a known kind, pages and ISBN as the editor takes them, at most 100 editors, the fields its kind lacks empty", () => {
    // Mostly what a form sends, good and bad, so that many inputs pass and the promises are tested; sometimes hostile.
    const likely = (values: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: values, weight: 9 }, { arbitrary: hostileString, weight: 1 });
    const text = likely(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', 'IV', 'Springer')));
    const special: Partial<Record<(typeof VENUE_FIELDS)[number], fc.Arbitrary<unknown>>> = {
      pages: likely(fc.constantFrom('', '1–37', '1-37', '1--37', 'e123', 'S1', 'xi–xx', 'pp. 1–37')),
      isbn: likely(fc.constantFrom('', '978-0-306-40615-7', '0-306-40615-2', 'ISBN 0-306-40615-2', '978-0-306-40615-8')),
      editors: likely(fc.oneof(fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), fc.constant(Array.from({ length: 101 }, (_, index) => `E${index}`)))),
      eventStart: likely(fc.constantFrom(null, '', '2024-06-10', '2024-06-12', '2024-02-30')),
      eventEnd: likely(fc.constantFrom(null, '', '2024-06-10', '2024-06-12', '2024-02-30')),
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom<unknown>(...PAPER_KINDS), fc.anything()),
        fc.record(Object.fromEntries(VENUE_FIELDS.map((field) => [field, special[field] ?? text])), { requiredKeys: [] }),
        (kind, venue) => {
          const result = checkPaper({ ...emptyPaperForm(), title: 'T', journal: 'J', publisher: 'P', institution: 'I', authors: 'A', ...venue, kind });
          if (!result.ok) return;
          const paper = result.data;
          expect(PAPER_KINDS).toContain(paper.kind);
          expect(isPages(paper.pages)).toBe(true);
          expect(paper.isbn === '' || isValidIsbn(paper.isbn)).toBe(true);
          expect(paper.editors.length).toBeLessThanOrEqual(RESEARCH_LIMITS.editors);
          const shape = KIND_FIELDS[paper.kind];
          if (shape.venue === null) expect(paper.journal).toBe('');
          for (const field of VENUE_FIELDS.filter((name) => !shape.fields.includes(name))) expect([[], '', null], field).toContainEqual(paper[field]);
        },
      ),
      RUNS,
    );
  });

  it('a blog slug: normalised, one path segment, idempotent', () => {
    fc.assert(
      fc.property(hostileString, (slug) => {
        expect(normaliseSlug(normaliseSlug(slug))).toBe(normaliseSlug(slug));
        const result = checkBlogPost({ title: 'T', slug, content: 'C', excerpt: '', tags: '', coverImage: '' });
        if (!result.ok) return;
        const stored = result.data.slug;
        expect(stored).toBe(normaliseSlug(stored));
        expect(stored.length).toBeLessThanOrEqual(BLOG_LIMITS.slug);
        expect(stored).not.toMatch(/[\s/\\?#%.]|[A-Z]/);
        expect(new URL(`/blog/${encodeURIComponent(stored)}`, 'https://a.example').pathname.split('/')).toHaveLength(3);
      }),
      RUNS,
    );
  });
});

/**
 * What must never reach a page from stored or rendered user content (KaTeX's own MathML may, for the renderers),
 * read as a browser reads the HTML (htmlparser2, entities decoded): no element that runs or loads anything, no
 * event handler, no link or source a browser would run. Words such as '<script>' inside an attribute's value
 * (KaTeX's error title quotes the formula) or escaped in text are prose, and pass.
 */
function expectInert(html: string, { mathml = false } = {}) {
  const forbidden = new Set(['script', 'iframe', 'object', 'embed', 'style', 'svg', 'base', 'form', 'meta', 'link', ...(mathml ? [] : ['math'])]);
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (forbidden.has(name)) found.push(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) found.push(`${name} ${attribute}`);
          // As a browser reads a URL: control characters and spaces dropped, scheme in any case.
          const url = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          if (/^(href|src|action|formaction|xlink:href)$/i.test(attribute) && /^(javascript|vbscript|data):/.test(url)) found.push(`${name} ${attribute}=${value}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  expect(found, html).toEqual([]);
}

describe('the inertness check', () => {
  it('finds what runs, however it is spelled, and lets prose through', () => {
    for (const html of [
      '<p>a<script>alert(1)</script></p>',
      '<SCRIPT src=x></SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<a href=" JaVa&#x09;script:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<iframe srcdoc="x"></iframe>',
      '<math><mi>x</mi></math>',
    ]) {
      expect(() => expectInert(html), html).toThrow();
    }
    expectInert(`<span title='ParseError: #̲<script>alert(1…'>#&lt;script>alert(1)&lt;/script></span>`);
    expectInert('<p>on=1 javascript:alert(1) &lt;img onerror=x&gt;</p><a href="https://example.org/javascript:">x</a>');
    expectInert('<math><mi>x</mi></math>', { mathml: true });
  });
});

describe('the sanitiser (personal posts)', () => {
  it('leaves nothing executable in any input, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(hostileString, (html) => {
        const clean = sanitizeHtml(html);
        expectInert(clean);
        expect(sanitizeHtml(clean)).toBe(clean);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the markup renderers', () => {
  it('blog Markdown with mathematics: renders any input, nothing executable in the output', () => {
    fc.assert(
      fc.property(hostileString, (source) => {
        expectInert(renderToStaticMarkup(<Markdown source={source} />), { mathml: true });
      }),
      // The fresh-clone CI's counterexample (seed 615065480) to the check's first, textual form: KaTeX's error
      // title quotes the formula, '<script>' and all, inside an attribute, where it is prose.
      { numRuns: 200, examples: [['$#<script>alert(1)</script>$\\href{javascript:alert(1)}{x}$']] },
    );
  });

  it('the simple markup of experience descriptions: renders any input, nothing executable in the output', () => {
    fc.assert(
      fc.property(hostileString, (source) => {
        expectInert(renderToStaticMarkup(<SimpleMarkup source={source} />));
      }),
      RUNS,
    );
  });
});

describe('BibTeX', () => {
  const paperArbitrary: fc.Arbitrary<ResearchPaper> = fc.record({
    id: fc.uuid(),
    title: hostileString.filter((title) => title.trim() !== ''),
    abstract: hostileString,
    authors: fc.array(hostileString, { minLength: 1, maxLength: 3 }),
    date: fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    journal: hostileString,
    link: fc.constant(null),
    pdfUrl: fc.constant(null),
    tags: fc.array(hostileString, { maxLength: 3 }),
    doi: fc.constant(null),
    arxivId: fc.constant(null),
    status: fc.constantFrom('published', 'preprint', 'submitted', 'draft'),
    updatedAt: fc.constant('2024-01-01T00:00:00.000Z'),
    kind: fc.constantFrom(...PAPER_KINDS),
    volume: hostileString,
    issue: hostileString,
    pages: hostileString,
    articleNumber: hostileString,
    publisher: hostileString,
    editors: fc.array(hostileString, { maxLength: 3 }),
    edition: hostileString,
    isbn: hostileString,
    institution: hostileString,
    reportNumber: hostileString,
    eventName: hostileString,
    eventPlace: hostileString,
    eventStart: fc.constantFrom(null, '2024-06-10'),
    eventEnd: fc.constantFrom(null, '2024-06-12'),
    codeUrl: fc.constant(null),
    dataUrl: fc.constant(null),
    slidesUrl: fc.constant(null),
    videoUrl: fc.constant(null),
    posterUrl: fc.constant(null),
    publishedUrl: fc.constant(null),
    note: hostileString,
    selected: fc.boolean(),
  });

  it('export never throws and keys stay unique; the import reads any text without throwing', () => {
    fc.assert(
      fc.property(fc.array(paperArbitrary, { maxLength: 5 }), hostileString, (papers, junk) => {
        const keys = citationKeys(papers);
        expect(new Set(keys.values()).size).toBe(papers.length);
        for (const paper of papers) {
          toLatex(paper.title);
          const preview = previewBibtex(toBibtex(paper, keys.get(paper.id)!), []);
          expect(preview.entries.length + preview.problems.length).toBeGreaterThan(0);
        }
        const junkPreview = previewBibtex(junk, []);
        expect(Array.isArray(junkPreview.entries)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

// @module-tag security
import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { NextConfig } from 'next';
import { describe, expect, it, vi } from 'vitest';

import type { ActionResult } from '@/lib/action-result';
import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import {
  ACTION_BODY_LIMIT_BYTES,
  actionBodyBytes,
  FORM_CHARACTERS,
  MAX_BYTES_PER_CHARACTER,
  tooLarge,
  TOO_LARGE_START,
  withinBodyLimit,
} from '@/lib/validation/action-body';
import { checkBibtexImport, checkBibtexText } from '@/lib/validation/bibtex';
import { BLOG_LIMITS, checkBlogPost } from '@/lib/validation/blog';
import { checkPersonalPost, PERSONAL_LIMITS } from '@/lib/validation/personal';
import { checkPaper, RESEARCH_LIMITS } from '@/lib/validation/research';

/**
 * Issue 31: every limit a form allows can be saved, and a body past the server-action limit is refused with
 * the same message in the browser (before it travels) and by the server (proxy.ts, tests/e2e/security-headers).
 */

const require = createRequire(import.meta.url);
/** React's encoder of an action's arguments, the one Next's client uses (vendored by Next). */
const { encodeReply } = require('next/dist/compiled/react-server-dom-webpack/client.node.js') as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};
const configFile: string = '../../next.config.mjs';
const { default: nextConfig } = (await import(configFile)) as { default: NextConfig };

/** The character JSON writes longest: a control character is `\u0001`, six bytes. */
const WORST = '\u0001';
const worst = (length: number) => WORST.repeat(length);
const list = (count: number, length: number) => Array.from({ length: count }, () => worst(length)).join(',');
const address = (length: number) => `https://example.org/${'a'.repeat(length - 20)}`;

describe('the server-action body limit', () => {
  it('is derived from the largest form: 302,000 characters at six bytes each, and 16 KiB for the rest, the figure next.config.mjs gives Next', () => {
    expect(Math.max(...Object.values(FORM_CHARACTERS))).toBe(FORM_CHARACTERS.bibtexImport);
    expect(ACTION_BODY_LIMIT_BYTES).toBe(302_000 * MAX_BYTES_PER_CHARACTER + 16 * 1024);
    expect(ACTION_BODY_LIMIT_BYTES).toBe(1_828_384);
    expect(nextConfig.experimental?.serverActions?.bodySizeLimit).toBe(ACTION_BODY_LIMIT_BYTES);
  });

  it('fits the largest input each single-record form accepts, in the characters JSON writes longest', async () => {
    const blogPost = {
      title: worst(BLOG_LIMITS.title),
      slug: 'a'.repeat(BLOG_LIMITS.slug),
      excerpt: worst(BLOG_LIMITS.excerpt),
      tags: list(BLOG_LIMITS.tags, BLOG_LIMITS.tag),
      coverImage: address(BLOG_LIMITS.url),
      content: worst(BLOG_LIMITS.content),
    };
    const personalPost = {
      title: `T${worst(PERSONAL_LIMITS.title - 1)}`,
      type: 'story',
      content: `x${worst(PERSONAL_LIMITS.content - 1)}`,
      imageUrls: Array.from({ length: PERSONAL_LIMITS.images }, () => address(PERSONAL_LIMITS.url)),
    };
    const paper = {
      title: worst(RESEARCH_LIMITS.title),
      journal: worst(RESEARCH_LIMITS.journal),
      authors: list(RESEARCH_LIMITS.authors, RESEARCH_LIMITS.author),
      date: '2024-01-01',
      abstract: worst(RESEARCH_LIMITS.abstract),
      link: address(RESEARCH_LIMITS.url),
      pdfUrl: address(RESEARCH_LIMITS.url),
      tags: list(RESEARCH_LIMITS.tags, RESEARCH_LIMITS.tag),
      doi: '',
      arxivId: '',
      status: 'published',
    };
    const bibtex = worst(BIBTEX_LIMITS.chars);
    const refs = Array.from({ length: BIBTEX_LIMITS.entries }, (_, index) => String(1000 + index));
    const forms: [string, { ok: boolean }, unknown[]][] = [
      ['blog post (update)', checkBlogPost(blogPost), ['00000000-0000-4000-8000-000000000000', blogPost]],
      ['personal post (update)', checkPersonalPost(personalPost), ['00000000-0000-4000-8000-000000000000', personalPost]],
      ['research paper (update)', checkPaper(paper), ['00000000-0000-4000-8000-000000000000', paper]],
      ['BibTeX preview', checkBibtexText(bibtex), [bibtex]],
      ['BibTeX import', checkBibtexImport({ text: bibtex, refs }), [bibtex, refs]],
    ];
    for (const [name, checked, args] of forms) {
      expect(checked.ok, name).toBe(true);
      const bytes = actionBodyBytes(args);
      expect(bytes, name).toBeLessThanOrEqual(ACTION_BODY_LIMIT_BYTES);
      expect(bytes, name).toBe(Buffer.byteLength(String(await encodeReply(args))));
    }
    // The largest is close to the limit: the limit is no larger than it must be.
    expect(actionBodyBytes([bibtex, refs])).toBeGreaterThan(ACTION_BODY_LIMIT_BYTES - 32 * 1024);
  });

  it("counts an action's body as React's encoder writes it, for any plain arguments", async () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.constantFrom('$', '$x', '$$', '$@1'), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 4 }),
      object: fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => !key.startsWith('$') && key !== '__proto__'), tie('node'), { maxKeys: 4, noNullPrototype: true }),
    }));
    await fc.assert(
      fc.asyncProperty(fc.array(value.node, { maxLength: 3 }), async (args) => {
        const encoded = await encodeReply(args);
        expect(typeof encoded).toBe('string');
        expect(actionBodyBytes(args)).toBe(Buffer.byteLength(encoded as string));
      }),
      { numRuns: 300 },
    );
  });
});

describe('withinBodyLimit: a form calling its action', () => {
  it('refuses a body past the limit before it travels, saying how large it was', async () => {
    const action = vi.fn<(text: string) => Promise<ActionResult<null>>>(async () => ({ ok: true, data: null }));
    const result = await withinBodyLimit(action)('x'.repeat(ACTION_BODY_LIMIT_BYTES));
    expect(action).not.toHaveBeenCalled();
    expect(result).toEqual({ ok: false, error: tooLarge(ACTION_BODY_LIMIT_BYTES + 4) });
    expect(tooLarge(ACTION_BODY_LIMIT_BYTES + 4)).toBe(
      'This is too large to save at once (1.8 MB): at most 1.8 MB can be sent in one save. Shorten the longest texts, or remove some items, and save again.',
    );
  });

  it('sends a body at the limit', async () => {
    const action = vi.fn<(text: string) => Promise<ActionResult<null>>>(async () => ({ ok: true, data: null }));
    const text = 'x'.repeat(ACTION_BODY_LIMIT_BYTES - 4);
    expect(actionBodyBytes([text])).toBe(ACTION_BODY_LIMIT_BYTES);
    expect(await withinBodyLimit(action)(text)).toEqual({ ok: true, data: null });
    expect(action).toHaveBeenCalledOnce();
  });

  it("answers the server's refusal of a large body (the error Next's client throws with its text) as that refusal; other failures still throw", async () => {
    const refused = withinBodyLimit<[string], null>(async () => {
      throw new Error(tooLarge(2_000_000));
    });
    expect(await refused('x')).toEqual({ ok: false, error: tooLarge(2_000_000) });
    expect(tooLarge(2_000_000).startsWith(TOO_LARGE_START)).toBe(true);
    const unreachable = withinBodyLimit<[string], null>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(unreachable('x')).rejects.toThrow('Failed to fetch');
  });
});

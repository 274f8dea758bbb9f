import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { generatedBlocks, staleBlocks, withBlock } from '../../scripts/lib/registry-blocks';

/**
 * The code written from the content registry (proxy.ts's matcher, registry.d.mts's entries) is what the
 * registry makes now: an entry changed without `npm run generate:registry` fails here, naming the file.
 */

const root = path.resolve(import.meta.dirname, '..', '..');

describe('the code generated from the content registry', () => {
  it('every generated block is what the registry makes now (else: npm run generate:registry)', () => {
    expect(staleBlocks(root).map((block) => block.file), 'run `npm run generate:registry`').toEqual([]);
  });

  it('a block that drifted is found, and writing it again restores the file', () => {
    for (const block of generatedBlocks()) {
      const text = readFileSync(path.join(root, block.file), 'utf8');
      const drifted = withBlock(text, { ...block, body: block.body.replace("'", '"') });
      expect(drifted, block.file).not.toBe(text);
      expect(withBlock(drifted, block), block.file).toBe(text);
    }
  });

  it('a file without its markers is an error, not a silent skip', () => {
    expect(() => withBlock('export const config = {};\n', generatedBlocks()[0]!)).toThrow(/proxy\.ts has no block between/);
  });
});

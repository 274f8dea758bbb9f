/**
 * `npm run generate:registry`: writes the code made from the content registry (scripts/lib/registry-blocks.ts)
 * into its files, between their marker lines. Run it after changing lib/content/registry.mjs;
 * tests/unit/generated-registry.test.ts fails until it is run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { generatedBlocks, withBlock } from './lib/registry-blocks';

const root = path.resolve(import.meta.dirname, '..');
for (const block of generatedBlocks()) {
  const file = path.join(root, block.file);
  const text = readFileSync(file, 'utf8');
  const next = withBlock(text, block);
  if (next === text) continue;
  writeFileSync(file, next);
  console.log(`Wrote ${block.file}`);
}

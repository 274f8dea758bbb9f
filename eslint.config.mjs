import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Playwright fixtures receive a callback named `use`, which is not React's hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Links prefetch on the reader's intent, not on sight (components/link.tsx): every link goes through it.
    files: ['app/**', 'components/**'],
    ignores: ['components/link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', message: "Use Link from '@/components/link': it prefetches on intent, not on sight." }] }],
    },
  },
  {
    // lib/ is below components/: components may use lib, never the other way round.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/components/*', '**/components/*'], message: 'lib/ must not import from components/: move what is shared into lib/.' }] }],
    },
  },
  // benchmarks/floor is a Next.js app of its own (the Lighthouse floor): its build and Next's declarations file as at the root.
  globalIgnores(['.next/**', '.next-supabase/**', '.next-profile/**', 'node_modules/**', 'data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'benchmarks/floor/.next/**', 'benchmarks/floor/next-env.d.ts']),
]);

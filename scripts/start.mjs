/**
 * `npm start` and `npm run dev`: runs scripts/start.ts as one JavaScript file, made from it by esbuild at each
 * start (some milliseconds), so that the server's process carries no TypeScript loader. Under `tsx` every
 * module Next loads passed through the loader's hooks and had its source map read: a third more processor
 * time to start and render the first pages (docs/architecture.md, "Measurements").
 *
 * The file is written under node_modules/.cache (named by its content, so concurrent starts of one checkout
 * share it), where the packages it imports resolve as they do from scripts/. Plain JavaScript: it runs on
 * Node alone.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'academic-portfolio-start');
/** Bundles of other versions of the sources, left by earlier starts, are removed once this old. */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * The project's own files keep their own `import.meta.dirname`, `.filename` and `.url` in the bundle: several
 * find the project's folder from their own place (scripts/lib/build.ts, scripts/lib/cli.ts).
 */
const ownLocation = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      const extension = path.extname(args.path).slice(1);
      return { contents, loader: extension === 'tsx' ? 'tsx' : extension === 'mts' || extension === 'ts' ? 'ts' : 'js' };
    });
  },
};

/** The bundle's code; a source esbuild cannot read ends the start with its messages, as `fail()` of scripts/lib/cli.ts does. */
async function bundle() {
  try {
    const result = await esbuild.build({
      entryPoints: [path.join(root, 'scripts', 'start.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages are imported from node_modules as they are; the project's own modules (and its @/ paths) are bundled.
      packages: 'external',
      tsconfig: path.join(root, 'tsconfig.json'),
      plugins: [ownLocation],
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles[0].contents;
  } catch (error) {
    const messages = error.errors?.map((each) => `${each.location ? `${each.location.file}:${each.location.line}: ` : ''}${each.text}`);
    console.error(`✖ scripts/start.ts could not be bundled:\n${messages?.join('\n') ?? error.message}`);
    process.exit(1);
  } finally {
    await esbuild.stop();
  }
}

/** Another start may rename or remove a file between the listing and its look: that file is no longer this one's concern. */
function removeStale(keep) {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    if (name === keep) continue;
    const file = path.join(cacheDir, name);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && now - stats.mtimeMs > STALE_MS) rmSync(file, { force: true });
  }
}

const code = await bundle();
const name = `start-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
const file = path.join(cacheDir, name);
if (!existsSync(file)) {
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed into place: a start that reads it never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, code);
  renameSync(partial, file);
}
removeStale(name);
await import(pathToFileURL(file).href);

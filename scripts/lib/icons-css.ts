import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type IconNode = [tag: string, attributes: Record<string, string>][];

const lucideDir = path.resolve(import.meta.dirname, '..', '..', 'node_modules', 'lucide-react');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/</g, '&lt;');

/** One icon as lucide-react draws it (24×24, 2px round strokes), stroked in black for use as a mask. */
async function iconSvg(name: string): Promise<string> {
  const icon = (await import(pathToFileURL(path.join(lucideDir, 'dist', 'esm', 'icons', `${name}.mjs`)).href)) as { __iconData?: { node: IconNode } };
  // An old name is a file that only re-exports its icon under the new name: list the new one.
  if (!icon.__iconData) throw new Error(`lucide-react's '${name}' is another icon's old name: use that icon's own name`);
  const shapes = icon.__iconData.node
    .map(([tag, attributes]) => {
      const drawn = Object.entries(attributes).filter(([key]) => key !== 'key');
      return `<${tag} ${drawn.map(([key, value]) => `${key}='${escapeAttribute(String(value))}'`).join(' ')}/>`;
    })
    .join('');
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`;
}

/** The stylesheet of the given icons: app/icons.css as `npm run icons` writes it. */
export async function iconsCss(names: readonly string[]): Promise<string> {
  const version = (JSON.parse(readFileSync(path.join(lucideDir, 'package.json'), 'utf8')) as { version: string }).version;
  const rules: string[] = [];
  for (const name of names) {
    const url = (await iconSvg(name)).replace(/[<>#"%]/g, (char) => encodeURIComponent(char));
    rules.push(`.i-${name} {\n  --icon: url("data:image/svg+xml,${url}");\n}`);
  }
  return `/* Made by \`npm run icons\` (scripts/icons-css.ts) from lucide-react ${version} (ISC): do not edit. */
@layer components {
.icon {
  display: inline-block;
  flex-shrink: 0;
  width: 1rem;
  height: 1rem;
  pointer-events: none;
  background-color: currentColor;
  mask: var(--icon) center / contain no-repeat;
}
${rules.join('\n')}
}
`;
}

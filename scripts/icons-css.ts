/**
 * `npm run icons`: writes app/icons.css, the shapes of the public pages' icons (components/site/icons.tsx)
 * as CSS masks, from lucide-react's own path data at the installed version. Run it after adding an icon
 * there; a unit test (tests/unit/icons.test.ts) fails while the stylesheet and the list disagree.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { PUBLIC_ICONS } from '../components/site/icons';
import { iconsCss } from './lib/icons-css';

const target = path.resolve(import.meta.dirname, '..', 'app', 'icons.css');
writeFileSync(target, await iconsCss(PUBLIC_ICONS));
console.log(`app/icons.css: ${PUBLIC_ICONS.length} icons`);

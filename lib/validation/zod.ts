import { z } from 'zod';

/**
 * zod, as every schema of this app uses it. Its JIT for object schemas compiles parsers with `new Function`,
 * which the site's Content-Security-Policy forbids (no 'unsafe-eval'): in the browser the attempt would
 * be refused and reported as a violation. The plain interpreter gives the same results.
 */
z.config({ jitless: true });

export { z };

import path from 'node:path';

/**
 * A path given on the command line, resolved from the folder the user ran `npm run` in: npm runs the
 * script in the project root and tells where it was called from in INIT_CWD.
 */
export function fromCallerDir(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

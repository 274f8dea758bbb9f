import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

import { isAdminAction } from '@/lib/auth/admin-action';

/**
 * One shape for every admin write (docs/architecture.md, "An admin save"): every server action is built by
 * adminAction (lib/auth/admin-action.ts), which checks the role, then the input, then runs the write; and a
 * 'use server' file calls nothing that could write (lib/content, lib/auth, lib/storage, the database) except
 * inside a `run` of adminAction. The write functions end with afterContentWrite (lib/content/tags.ts), so a
 * save outside the helper is one that could skip the role, the input's rules, the tags or the backup; this
 * test finds it. The files are found on disk, so an action added later is held to the same shape.
 */
vi.mock('next/cache', () => ({ cacheTag: vi.fn(), cacheLife: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn(), revalidatePath: vi.fn() }));

const appDir = path.join(process.cwd(), 'app');

/** The sign-in flows: their callers are not admins yet (or no longer need to be), so no admin role is checked. */
const AUTH_FLOWS: Record<string, string> = {
  'admin/(open)/login/actions.ts: signInAction': 'signs a visitor in: no session yet, rate-limited by the auth service',
  'admin/(open)/login/actions.ts: signUpAction': 'creates an account when the operator allows sign-up: no session yet',
  'admin/(open)/setup/actions.ts: createOwnerAction': 'the first run: the setup code, not a role, lets the caller create the first admin',
  'admin/(guarded)/actions.ts: signOutAction': "ends the caller's own session: no admin role needed",
};

/** Modules a 'use server' file may call outside a run: the helper itself and the input's schemas. */
const CALLABLE_OUTSIDE_RUN = (from: string) => from === '@/lib/auth/admin-action' || from.startsWith('@/lib/validation/');
const HELPERS = new Set(['adminAction', 'itemActions']);

const serverFiles = readdirSync(appDir, { recursive: true })
  .map(String)
  .filter((file) => /\.tsx?$/.test(file) && /['"]use server['"]/.test(readFileSync(path.join(appDir, file), 'utf8')))
  .sort();

function sourceOf(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(appDir, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

function isServerFile(source: ts.SourceFile): boolean {
  const first = source.statements[0];
  return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === 'use server';
}

/** The leftmost name of a callee: `getAuth` in `getAuth().changePassword`, `z` in `z.object`. */
function rootName(expression: ts.Expression): string | null {
  let node: ts.Node = expression;
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node) || ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) {
    node = node.expression;
  }
  return ts.isIdentifier(node) ? node.text : null;
}

/**
 * Each call, in one 'use server' file, of a function imported from a module that may write (anything but the
 * helper and lib/validation), that is neither inside a `run` of adminAction or itemActions, nor inside a
 * function of the file called only from such runs. Calls inside the auth flows' own functions are theirs.
 */
function callsOutsideRun(file: string): string[] {
  const source = sourceOf(file);
  const imported = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    if (clause?.name) imported.set(clause.name.text, from);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imported.set(bindings.name.text, from);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) imported.set(element.name.text, from);
  }

  const localFunctions = new Map<string, ts.Node>();
  const exempt = new Set<ts.Node>();
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      if (`${file}: ${statement.name.text}` in AUTH_FLOWS) exempt.add(statement);
      else if (!exported) localFunctions.set(statement.name.text, statement);
    }
    if (ts.isVariableStatement(statement) && !exported) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) localFunctions.set(declaration.name.text, init);
      }
    }
  }

  const references = new Map<string, ts.Identifier[]>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && localFunctions.has(node.text) && !(ts.isFunctionDeclaration(node.parent) || ts.isVariableDeclaration(node.parent))) {
      references.set(node.text, [...(references.get(node.text) ?? []), node]);
    }
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);

  const isRunOfHelper = (node: ts.Node): boolean =>
    ts.isPropertyAssignment(node.parent) &&
    node.parent.initializer === node &&
    node.parent.name.getText() === 'run' &&
    ts.isObjectLiteralExpression(node.parent.parent) &&
    ts.isCallExpression(node.parent.parent.parent) &&
    HELPERS.has(rootName(node.parent.parent.parent.expression) ?? '');

  const inRun = (node: ts.Node, seen: Set<string>): boolean => {
    for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
      if (isRunOfHelper(at) || exempt.has(at)) return true;
      const local = [...localFunctions].find(([, body]) => body === at);
      if (local) {
        const [name] = local;
        if (seen.has(name)) return true;
        const uses = references.get(name) ?? [];
        return uses.length > 0 && uses.every((use) => inRun(use, new Set([...seen, name])));
      }
    }
    return false;
  };

  return calls
    .filter((call) => {
      const name = rootName(call.expression);
      const from = name === null ? undefined : imported.get(name);
      return from !== undefined && !CALLABLE_OUTSIDE_RUN(from) && !inRun(call, new Set());
    })
    .map((call) => `${file}:${source.getLineAndCharacterOfPosition(call.getStart()).line + 1}: ${call.expression.getText()}(…)`);
}

describe('every admin write goes through adminAction', () => {
  it("finds the 'use server' files, each a file-level directive (no inline server functions elsewhere)", () => {
    expect(serverFiles.length).toBeGreaterThanOrEqual(13);
    expect(serverFiles.filter((file) => !isServerFile(sourceOf(file)))).toEqual([]);
  });

  it('builds every exported server action with adminAction, except the sign-in flows', async () => {
    const outside: string[] = [];
    let actions = 0;
    for (const file of serverFiles) {
      const exports = (await import(path.join(appDir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        actions += 1;
        if (!isAdminAction(value) && !(`${file}: ${name}` in AUTH_FLOWS)) outside.push(`${file}: ${name}`);
      }
    }
    expect(actions).toBeGreaterThanOrEqual(30);
    expect(outside).toEqual([]);
  });

  it('calls a write only inside the run of adminAction, in every server action file', () => {
    expect(serverFiles.flatMap(callsOutsideRun)).toEqual([]);
  });
});

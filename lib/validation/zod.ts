import { z } from 'zod';

/**
 * zod, as every schema of this app uses it. Its JIT for object schemas compiles parsers with `new Function`,
 * which the site's Content-Security-Policy forbids (no 'unsafe-eval'): in the browser the attempt would
 * be refused and reported as a violation. The plain interpreter gives the same results.
 */
z.config({ jitless: true });

/**
 * zod runs a string's or an array's length checks (`.min`, `.max`, `.length`, `.nonempty`) on any value
 * that has a `length` property, even one that already failed the type check, and compares that `length`
 * with the limit. A client sending `{ length: { toString: 0 } }` where text is expected then makes the
 * comparison throw ("Cannot convert object to primitive value") instead of getting a validation error.
 * So every length check made through these methods runs on strings and arrays only: zod's own `when`
 * option, given as the default, is the whole change.
 */
const LENGTH_METHODS = ['min', 'max', 'length', 'nonempty'] as const;
const onStringsAndArrays = (payload: { value: unknown }) => typeof payload.value === 'string' || Array.isArray(payload.value);

function withWhen(params: unknown): unknown {
  if (params === undefined) return { when: onStringsAndArrays };
  if (typeof params === 'string') return { error: params, when: onStringsAndArrays };
  if (typeof params === 'object' && params !== null && !('when' in params)) return { ...params, when: onStringsAndArrays };
  return params;
}

/** The prototypes that own the length methods of strings, string formats (z.email()…) and arrays. */
function lengthMethodOwners(): Set<Record<string, unknown>> {
  const owners = new Set<Record<string, unknown>>();
  for (const sample of [z.string(), z.email(), z.array(z.unknown())]) {
    for (const method of LENGTH_METHODS) {
      let proto: object | null = sample;
      while (proto && !Object.prototype.hasOwnProperty.call(proto, method)) proto = Object.getPrototypeOf(proto);
      if (proto) owners.add(proto as Record<string, unknown>);
    }
  }
  return owners;
}

const GUARDED = Symbol.for('portfolio.zodLengthGuard');
for (const owner of lengthMethodOwners()) {
  if (Object.prototype.hasOwnProperty.call(owner, GUARDED)) continue;
  Object.defineProperty(owner, GUARDED, { value: true });
  for (const method of LENGTH_METHODS) {
    const descriptor = Object.getOwnPropertyDescriptor(owner, method);
    if (!descriptor) continue;
    // zod installs these as getters that bind the method to the schema; called without one, the getter answers the method itself.
    const original: unknown = descriptor.get ? descriptor.get.call(undefined) : descriptor.value;
    if (typeof original !== 'function') continue;
    // nonempty(params); min, max and length(limit, params).
    const guarded =
      method === 'nonempty'
        ? function (this: unknown, params?: unknown) {
            return original.call(this, withWhen(params));
          }
        : function (this: unknown, limit: unknown, params?: unknown) {
            return original.call(this, limit, withWhen(params));
          };
    Object.defineProperty(owner, method, {
      configurable: true,
      get(this: unknown) {
        return this == null ? guarded : guarded.bind(this);
      },
    });
  }
}

export { z };

import type { z } from 'zod';

/**
 * One message per field, keyed by the field's dotted path ('name', 'education.1.endYear'), for forms
 * that show each error next to its field. The first issue of a field wins; issues about the whole
 * input are keyed 'form'.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

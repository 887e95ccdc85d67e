import {
  aboveMaximumMessage,
  belowMinimumMessage,
  invalidNumberMessage,
  invalidValueMessage,
  tooLongMessage,
  tooShortMessage,
} from '@plinth/schema';
import type { z } from 'zod';

/**
 * A component property's schema issue in the words of the validation catalogue (spec 03 §5):
 * lengths and bounds as the field messages say them, anything else 'The value is invalid.'.
 */
export function propertyIssueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return tooLongMessage(Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'string') return tooShortMessage(Number(issue.minimum));
  if (issue.code === 'too_big' && issue.origin === 'number')
    return aboveMaximumMessage(Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'number')
    return belowMinimumMessage(Number(issue.minimum));
  if (issue.code === 'invalid_type' && issue.expected === 'number') return invalidNumberMessage;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return invalidNumberMessage;
  return invalidValueMessage;
}

/** The message for one property of a type's properties after a change, or null when they parse. */
export function propertyProblem(schema: z.ZodType, properties: unknown, key: string): string | null {
  const parsed = schema.safeParse(properties);
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((i) => i.path[0] === key);
  return issue ? propertyIssueMessage(issue) : null;
}

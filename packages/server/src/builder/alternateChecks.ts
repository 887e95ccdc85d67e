import {
  type AlternatePageRef,
  alternatePageProblems,
  type EntityId,
  type PageAlternates,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { builderPagesOf } from './builderRecords.js';
import { problemsOf, settingsRefused } from './builderWrites.js';

/**
 * Refuses a page's alternates (decision 0124) that are not a page of its app of the matching type
 * taking the same Object. A page with no alternates costs no read.
 */
export async function checkAlternates(
  ctx: RequestContext,
  appId: EntityId,
  page: AlternatePageRef,
  alternates: PageAlternates,
): Promise<void> {
  if (alternates.alternateMultistepPageId === null && alternates.alternateEditRecordPageId === null) return;
  const others = (await builderPagesOf(ctx, appId)).filter((p) => p.id !== page.id);
  const problems = problemsOf(alternatePageProblems(page, alternates, others));
  if (problems.length > 0) throw settingsRefused(problems, problems[0]?.message);
}

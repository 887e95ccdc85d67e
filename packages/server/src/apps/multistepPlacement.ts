import {
  boundComponentType,
  type EntityId,
  type EntityRef,
  sysField as F,
  type MultistepMember,
  multistepPlacementProblems,
  type PageVersionContent,
  relationshipEndName,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities, selectLinksOfRels } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import { targetsOf } from './appRecords.js';
import { versionContentOf } from './pageVersions.js';

const multistepType = 'singleRecordMultistepEdit';

/**
 * A bound component's member as the placement rules see it (decision 0093): the relationship and
 * documents components are relationship fields; a field, lookup or choice is mandatory when its
 * field is required or its end mandatory on the object's details.
 */
function memberIn(ctx: RequestContext, content: PageVersionContent) {
  const typeId = content.contextEntityTypeId;
  const byId = new Map(content.components.map((c) => [c.id, c]));
  return (componentId: string): MultistepMember | null => {
    const component = byId.get(componentId);
    const kind = component ? boundComponentType(component.typeAlias)?.kind : undefined;
    if (!component || !kind) return null;
    if (kind === 'relationship' || kind === 'documents') return { kind: 'relationshipList' };
    if (typeId === null) return null;
    const ext = component.extendedProperties ?? {};
    const token =
      ext.fieldId !== undefined
        ? `#${ext.fieldId}`
        : ext.relationshipId !== undefined
          ? `#${ext.relationshipId}:${ext.relationshipDirection ?? 'fwd'}`
          : undefined;
    const member = token ? ctx.schema.member(typeId, token) : undefined;
    if (!member) return null;
    if (member.kind === 'field')
      return { kind: 'field', name: member.field.name, isMandatory: member.field.isRequired };
    return {
      kind: 'field',
      name: relationshipEndName(member.rel, member.direction).name,
      isMandatory: member.direction === 'fwd' ? member.rel.isMandatory : member.rel.isReverseMandatory,
    };
  };
}

/**
 * The multistep placement rules (spec 03 §5) for a put's written pages and page versions: every
 * version (published or draft) of a single-record multistep page is checked, the messages on the
 * version written, or on the page's type when only the page was written.
 */
export async function multistepPlacementErrors(
  ctx: RequestContext,
  rows: readonly EntityRow[],
  refOf: (id: EntityId) => EntityRef,
): Promise<MemberError[]> {
  const writtenVersions = new Map(rows.filter((r) => r.typeId === sysType.pageVersion).map((r) => [r.id, r]));
  const writtenPages = new Map(rows.filter((r) => r.typeId === sysType.appPage).map((r) => [r.id, r]));
  if (writtenVersions.size === 0 && writtenPages.size === 0) return [];
  const pageIds = new Set(writtenPages.keys());
  // The pages of the written versions, as their published or draft version: one statement.
  const rels = [sysRel.pagePublishedVersion, sysRel.pageDraftVersion];
  const written = [...writtenVersions.keys()];
  for (const link of await selectLinksOfRels(ctx.db, ctx.tenantId, rels, 'to_id', written))
    pageIds.add(link.fromId);
  const unread = [...pageIds].filter((id) => !writtenPages.has(id));
  const pages = [
    ...writtenPages.values(),
    ...(await selectEntities(systemQuery(ctx.db, 'write integrity'), ctx.tenantId, unread)),
  ];
  const multistep = pages
    .filter((p) => p.typeId === sysType.appPage && p.data[String(F.appPageType)] === multistepType)
    .map((p) => p.id);
  if (multistep.length === 0) return [];
  const versionsOf = new Map<EntityId, EntityId[]>();
  for (const rel of [sysRel.pagePublishedVersion, sysRel.pageDraftVersion])
    for (const [page, versions] of await targetsOf(ctx, rel, 'fwd', multistep))
      versionsOf.set(page, [...(versionsOf.get(page) ?? []), ...versions]);
  const versionIds = [...new Set([...versionsOf.values()].flat())];
  const unreadVersions = versionIds.filter((id) => !writtenVersions.has(id));
  const versionRows = new Map<EntityId, EntityRow>([
    ...writtenVersions,
    ...(await selectEntities(systemQuery(ctx.db, 'write integrity'), ctx.tenantId, unreadVersions)).map(
      (r): [EntityId, EntityRow] => [r.id, r],
    ),
  ]);
  const errors: MemberError[] = [];
  for (const pageId of multistep)
    for (const versionId of new Set(versionsOf.get(pageId) ?? [])) {
      const row = versionRows.get(versionId);
      if (!row) continue;
      const { content } = versionContentOf(row);
      const at = writtenVersions.has(versionId)
        ? { id: refOf(versionId), member: 'pageVersionContent' }
        : { id: refOf(pageId), member: 'appPageType' };
      for (const problem of multistepPlacementProblems(content, memberIn(ctx, content)))
        errors.push({ ...at, message: problem.message });
    }
  return errors;
}

import { Readable } from 'node:stream';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  SimpleMailMergeField,
  TextRun,
} from 'docx';
import type { RequestContext } from '../context.js';
import { putEntities } from '../entities/putEntities.js';
import type { FileStorage } from '../files/BlobStore.js';
import { uploadDocument } from '../files/documentService.js';

/** A line of the summary: a label and the merge field that fills it. */
const line = (label: string, field: string) =>
  new Paragraph({
    spacing: { after: 120 },
    children: [new TextRun({ text: `${label}: `, bold: true }), new SimpleMailMergeField(field)],
  });

/**
 * The demo's "Account summary" Word template: the account's name as its heading and in the page
 * header, then its industry, website, annual revenue and parent account, each a MERGEFIELD.
 * Word's field names hold no spaces: `Annual_Revenue` names the 'Annual Revenue' field.
 */
export function accountSummaryDocx(): Promise<Buffer> {
  const document = new Document({
    creator: 'Plinth',
    title: 'Account summary',
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun({ text: 'Account summary · ', color: '6B7280' }),
                  new SimpleMailMergeField('Name'),
                ],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [new Paragraph({ children: [new TextRun({ text: 'Demo Company', color: '6B7280' })] })],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new SimpleMailMergeField('Name')] }),
          line('Industry', 'Industry'),
          line('Website', 'Website'),
          line('Annual revenue', 'Annual_Revenue'),
          line('Parent account', 'Parent_Account'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/**
 * Seeds the demo's document template (decision 0129): the Account summary as an uploaded Word
 * document and the template naming it for accounts, readable by the Sales role. Without a file
 * store there is nothing to keep the document in, and no template.
 */
export async function seedDemoDocumentTemplates(
  ctx: RequestContext,
  files: FileStorage | undefined,
  salesRoleId: number,
): Promise<void> {
  if (!files) return;
  const content = await accountSummaryDocx();
  const document = await uploadDocument(ctx, files, {
    fileName: 'Account summary.docx',
    content: Readable.from([content]),
  });
  await putEntities(ctx, {
    entities: [
      {
        id: 'new:accountSummary',
        typeId: 'core:documentTemplate',
        fields: { name: 'Account summary' },
        relationships: {
          templateForType: { set: [ctx.schema.typeOrThrow('crm:account').id] },
          templateDocument: { set: [document.id] },
        },
      },
      {
        id: 'new:salesTemplates',
        typeId: 'core:accessRule',
        fields: { name: 'Sales read core:documentTemplate', canRead: true },
        relationships: {
          accessRuleRole: { set: [salesRoleId] },
          accessRuleType: { set: [ctx.schema.typeOrThrow('core:documentTemplate').id] },
        },
      },
    ],
    deleted: [],
  });
}

import type { TypeSchemaRelationship } from '@plinth/schema';
import { ApiClient } from '../../../api/apiClient';
import { container, control, field } from '../render/formFixtures';

/**
 * Test fixture: a server for an Account (type 50) whose form shows its Contacts (type 51) in a
 * relationship table, answering the form, schema, report, picker and save calls from a small store
 * and recording what is sent. Saves change the store, so a reload shows what was saved.
 */

const me = { tenantId: 1, userId: 2, username: 'admin', isAdmin: true, roleIds: [1], csrfToken: 't' };

const contactAccount = (direction: 'fwd' | 'rev', extra: Partial<TypeSchemaRelationship> = {}) => ({
  id: 60,
  name: 'Account',
  relType: 'lookup' as const,
  cardinality: 'manyToOne' as const,
  fromTypeId: 51,
  toTypeId: 50,
  toName: 'Account',
  fromName: 'Contacts',
  toScriptName: 'account',
  fromScriptName: 'contacts',
  isMandatory: false,
  isReverseMandatory: false,
  direction,
  endName: direction === 'fwd' ? 'Account' : 'Contacts',
  endScriptName: direction === 'fwd' ? 'account' : 'contacts',
  ...extra,
});

const typeOf = (id: number, name: string) => ({
  id,
  name,
  scriptName: name.toLowerCase(),
  isAbstract: false,
  isChoiceType: false,
  isSystem: false,
});

export interface Contact {
  id: number;
  name: string;
  email: string;
  accountId: number | null;
}

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };

export interface AccountServerOptions {
  /** Contacts must have an account (the relationship is mandatory on the contact's side). */
  isContactAccountMandatory?: boolean;
  /** The account's Contacts control is mandatory. */
  isContactsMandatory?: boolean;
  canCreateContact?: boolean;
  contacts?: Contact[];
  /**
   * The reports the Contacts–Account relationship's ends name (decision 0110): the account's
   * Contacts end (reverse) and the contact's Account end (forward).
   */
  endReports?: { contactsDisplay?: number; contactsPicker?: number; accountPicker?: number };
}

const contactMeta = {
  title: 'Contacts',
  rootTypeId: 51,
  rcols: {
    c1: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true },
    c2: { title: 'Email', type: 'String', ord: 1, hide: false },
  },
  sort: [],
  anlcols: {},
};

const accountMeta = (title: string, industry: boolean) => ({
  title,
  rootTypeId: 50,
  rcols: {
    c1: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true },
    ...(industry ? { c2: { title: 'Industry', type: 'String', ord: 1, hide: false } } : {}),
  },
  sort: [],
  anlcols: industry
    ? {
        c2: { colid: 'c2', title: 'Industry', type: 'String', oper: 'Equal', value: 'Retail', hidden: false },
      }
    : {},
});

/** The accounts a contact's Account lookup offers: through the type's picker report, or the end's. */
const accounts = [
  { id: 5, name: 'Acme', industry: 'Retail' },
  { id: 6, name: 'Globex', industry: 'Energy' },
  { id: 7, name: 'Initech', industry: 'Retail' },
];

function accountPicker(body: Record<string, unknown>, isEndReport: boolean) {
  const search = String(body.quickSearch ?? '').toLowerCase();
  // The end's report: Retail accounts only, by name descending, with their industry.
  const listed = isEndReport ? accounts.filter((a) => a.industry === 'Retail').reverse() : accounts;
  const rows = listed
    .filter((a) => a.name.toLowerCase().includes(search))
    .map((a) => ({
      eid: a.id,
      values: isEndReport ? [{ val: a.name }, { val: a.industry }] : [{ val: a.name }],
    }));
  return {
    status: 200,
    body: {
      meta: isEndReport ? accountMeta('Retail accounts', true) : accountMeta('Account', false),
      gdata: rows,
      pageSize: Number(body.pageSize ?? 200),
      lrt: '',
    },
  };
}

/** The account's Contacts end's own display report: the same records, its own columns. */
const endDisplayMeta = {
  ...contactMeta,
  title: 'Contacts by email',
  rcols: {
    c1: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true },
    c2: { title: 'Email address', type: 'String', ord: 1, hide: false },
  },
};

const initialContacts = (): Contact[] => [
  { id: 101, name: 'Ada Lovelace', email: 'ada@acme.test', accountId: 5 },
  { id: 102, name: 'Brian Kernighan', email: 'brian@acme.test', accountId: 5 },
  { id: 103, name: 'Carol Shaw', email: 'carol@other.test', accountId: null },
];

export function accountServer(options: AccountServerOptions = {}) {
  const sent: Sent[] = [];
  const contacts = options.contacts ?? initialContacts();
  const ends = options.endReports ?? {};
  let version = 3;
  let nextId = 900;
  const account = () => ({
    id: 5,
    typeId: 50,
    alias: null,
    name: 'Acme',
    version,
    canModify: true,
    canDelete: true,
  });
  const accountSchema = {
    type: typeOf(50, 'Account'),
    ancestors: [],
    fields: [field(1, 'Name', 'name', 'Text', 'string', { column: 'name', typeId: 50 })],
    relationships: [
      contactAccount('rev', {
        isMandatory: options.isContactAccountMandatory ?? false,
        ...(ends.contactsDisplay ? { fromDisplayReportId: ends.contactsDisplay } : {}),
        ...(ends.contactsPicker ? { fromPickerReportId: ends.contactsPicker } : {}),
      }),
    ],
    derivedTypes: [],
    canCreateType: true,
  };
  const contactSchema = {
    type: typeOf(51, 'Contact'),
    ancestors: [],
    fields: [
      field(11, 'Name', 'name', 'Text', 'string', { column: 'name', typeId: 51 }),
      field(12, 'Email', 'email', 'Text', 'string', { typeId: 51, isRequired: true }),
    ],
    relationships: [
      contactAccount('fwd', {
        isMandatory: options.isContactAccountMandatory ?? false,
        ...(ends.accountPicker ? { toPickerReportId: ends.accountPicker } : {}),
      }),
    ],
    derivedTypes: [],
    canCreateType: options.canCreateContact ?? true,
  };
  const accountForm = {
    id: 500,
    name: 'Account',
    typeId: 50,
    changeMarker: 'f500',
    controls: [
      control('name', { field: 1 }, { containerId: 'details', renderingOrdinal: 50 }),
      control(
        'contacts',
        { rel: 60, isReversed: true },
        { containerId: 'details', renderingOrdinal: 60, mandatory: options.isContactsMandatory ?? false },
      ),
    ],
    containers: [container('details', 'verticalStack', { name: 'Details', renderingOrdinal: 0 })],
  };
  const contactForm = {
    id: 501,
    name: 'Contact',
    typeId: 51,
    changeMarker: 'f501',
    controls: [
      control('cname', { field: 11 }, { renderingOrdinal: 50 }),
      control('cemail', { field: 12 }, { renderingOrdinal: 60 }),
      control('caccount', { rel: 60 }, { renderingOrdinal: 70 }),
    ],
    containers: [],
  };
  const row = (c: Contact) => ({ eid: c.id, values: [{ val: c.name }, { val: c.email }] });
  const related = () => contacts.filter((c) => c.accountId === 5);

  const report = (body: Record<string, unknown>, usage: 'display' | 'picker', isEnd = false): Answer => {
    const detail = body.relationDetail as { eid: number } | undefined;
    const incl = (body.inclids as number[] | undefined) ?? [];
    const excl = (body.exclids as number[] | undefined) ?? [];
    if (isEnd && usage === 'picker') {
      // The end's picker report: the contacts of no account yet.
      const free = contacts.filter((c) => c.accountId === null);
      return {
        status: 200,
        body: {
          meta: { ...contactMeta, title: 'Free contacts' },
          gdata: free.map(row),
          pageSize: 11,
          lrt: '',
        },
      };
    }
    const meta = isEnd ? endDisplayMeta : contactMeta;
    const shown =
      usage === 'picker'
        ? contacts
        : contacts.filter(
            (c) => ((detail && c.accountId === detail.eid) || incl.includes(c.id)) && !excl.includes(c.id),
          );
    const start = Number(body.startIndex ?? 0);
    const size = Number(body.pageSize ?? 200);
    return {
      status: 200,
      body: { meta, gdata: shown.slice(start, start + size).map(row), pageSize: size, lrt: '' },
    };
  };

  const applyAccountChange = (change: { add?: (number | string)[]; remove?: number[] } | undefined) => {
    for (const id of change?.remove ?? []) {
      const c = contacts.find((x) => x.id === id);
      if (c) c.accountId = null;
    }
    for (const id of change?.add ?? []) {
      const c = contacts.find((x) => x.id === id);
      if (c) c.accountId = 5;
    }
  };

  const handle = (method: string, path: string, body: unknown): Answer => {
    const b = (body ?? {}) as Record<string, unknown>;
    if (path === '/auth/me') return { status: 200, body: me };
    if (path === '/spapi/data/v1/instance/5') return { status: 200, body: accountForm };
    if (path === '/spapi/data/v1/type/50/defaultForm') return { status: 200, body: accountForm };
    if (path === '/spapi/data/v1/type/51/defaultForm') return { status: 200, body: contactForm };
    if (path === '/spapi/data/v1/schema/type/50') return { status: 200, body: accountSchema };
    if (path === '/spapi/data/v1/schema/type/51') return { status: 200, body: contactSchema };
    if (path === '/spapi/data/v1/report/templateIds') return { status: 200, body: { reportIds: [] } };
    if (path === '/spapi/data/v1/report/type/51/display') return report(b, 'display');
    if (path === '/spapi/data/v1/report/type/51/picker') return report(b, 'picker');
    if (path === '/spapi/data/v1/report/relationship/60/rev/display') return report(b, 'display', true);
    if (path === '/spapi/data/v1/report/relationship/60/rev/picker') return report(b, 'picker', true);
    if (path === '/spapi/data/v1/report/type/50/picker') return accountPicker(b, false);
    if (path === '/spapi/data/v1/report/relationship/60/fwd/picker') return accountPicker(b, true);
    if (path === '/spapi/data/v1/form/validate') return { status: 200, body: { isValid: true, errors: {} } };
    if (path === '/spapi/data/v1/form/data') {
      const isNew = b.typeId !== undefined;
      const entity = isNew
        ? { id: 0, typeId: b.typeId, alias: null, name: null, version: 0, canModify: true, canDelete: false }
        : account();
      return {
        status: 200,
        body: {
          formDataEntity: entity,
          formId: 500,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: [],
        },
      };
    }
    if (path === '/spapi/data/v1/entity/query') {
      const contactsOf = related().map((c) => ({ id: c.id, typeId: 51, alias: null, name: c.name }));
      return { status: 200, body: { entities: [{ ...account(), contacts: contactsOf }] } };
    }
    if (path === '/spapi/data/v1/entity/5' && method === 'PATCH') {
      const rels = (b.relationships ?? {}) as Record<string, { add?: number[]; remove?: number[] }>;
      applyAccountChange(rels.contacts);
      version += 1;
      return { status: 200, body: { id: 5, version } };
    }
    if (path === '/spapi/data/v1/entity/put') {
      const entities = (b.entities ?? []) as Array<Record<string, unknown>>;
      const ids: Record<string, number> = {};
      for (const e of entities) {
        const rels = (e.relationships ?? {}) as Record<string, { set?: (number | string)[] }>;
        if (e.typeId === 50) ids[e.id as string] = 77;
        else if (typeof e.id === 'number' && e.id !== 5 && rels.account?.set) {
          const c = contacts.find((x) => x.id === e.id);
          const to = rels.account.set[0];
          if (c) c.accountId = typeof to === 'number' ? to : 77;
        } else if (typeof e.id === 'string') {
          const id = nextId++;
          ids[e.id] = id;
          const fields = (e.fields ?? {}) as { name?: string; email?: string };
          contacts.push({ id, name: fields.name ?? '', email: fields.email ?? '', accountId: 5 });
        } else if (e.id === 5) {
          applyAccountChange((e.relationships as Record<string, { add?: number[] }> | undefined)?.contacts);
          version += 1;
        }
      }
      return { status: 200, body: { ids, versions: [{ id: 5, version }], deleted: [] } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: `No ${method} ${path}` } } };
  };
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: String(url), body });
    const answer = handle(method, String(url), body);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { client: new ApiClient({ fetch: fetch as typeof globalThis.fetch }), sent, contacts };
}

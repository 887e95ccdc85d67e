import { badRequest } from '../http/errors.js';

/** One member in a field query, with the members to read on the records it leads to. */
export interface QueryNode {
  token: string;
  children: QueryNode[];
}

const MAX_DEPTH = 8;
const MAX_NODES = 500;

/**
 * Parses a field and relationship query such as `name, isOfType.name, [Account manager].name`.
 * Members are names, script names, `#id`s or `*` (every field); `[...]` quotes a name, `]]` is `]`.
 */
export function parseFieldQuery(query: string): QueryNode[] {
  const roots: QueryNode[] = [];
  let nodes = 0;
  let i = 0;
  const fail = (why: string): never => {
    throw badRequest(`Invalid field query: ${why}`, { position: i + 1 });
  };
  const skipSpace = () => {
    while (i < query.length && /\s/.test(query[i]!)) i++;
  };
  const readToken = (): string => {
    skipSpace();
    if (query[i] === '[') {
      let out = '';
      i++;
      for (;;) {
        if (i >= query.length) fail('a bracketed name is not closed');
        if (query[i] === ']') {
          if (query[i + 1] === ']') {
            out += ']';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        out += query[i++];
      }
      if (out.trim() === '') fail('empty name');
      return out.trim();
    }
    const start = i;
    while (i < query.length && !/[\s,.[\]]/.test(query[i]!)) i++;
    if (i === start) fail(`expected a name at position ${i + 1}`);
    return query.slice(start, i);
  };

  skipSpace();
  if (i >= query.length) return roots;
  for (;;) {
    let level = roots;
    let depth = 0;
    for (;;) {
      const token = readToken();
      if (++depth > MAX_DEPTH) fail(`paths may be at most ${MAX_DEPTH} members long`);
      let node = level.find((n) => n.token.toLowerCase() === token.toLowerCase());
      if (!node) {
        if (++nodes > MAX_NODES) fail(`at most ${MAX_NODES} members may be read at once`);
        node = { token, children: [] };
        level.push(node);
      }
      skipSpace();
      if (query[i] !== '.') break;
      i++;
      level = node.children;
    }
    skipSpace();
    if (i >= query.length) return roots;
    if (query[i] !== ',') fail(`unexpected '${query[i]}'`);
    i++;
  }
}

/** A record to delete as the confirmation and the toasts name it. */
export interface DeleteItem {
  name: string | null | undefined;
  typeName: string | null | undefined;
}

const typeOf = (item: DeleteItem) => item.typeName?.trim() || 'item';
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const nameOf = (item: DeleteItem) => item.name?.trim() || undefined;

/**
 * The delete flow's texts, verbatim from spec 01 §8 ('occured' included), with the variants for
 * an unnamed record and for several ('these {n} items').
 */
export const deleteMessages = {
  confirm(items: readonly DeleteItem[]): string {
    const [item] = items;
    if (items.length !== 1 || !item)
      return `Are you sure that you want to delete these ${items.length} items?`;
    const name = nameOf(item);
    return name
      ? `Are you sure that you want to delete ${typeOf(item)} '${name}'?`
      : `Are you sure that you want to delete this ${typeOf(item)}?`;
  },
  deleted(items: readonly DeleteItem[]): string {
    const [item] = items;
    if (items.length !== 1 || !item) return `Successfully deleted ${items.length} items.`;
    const name = nameOf(item);
    const type = capitalised(typeOf(item));
    return name ? `${type} '${name}' successfully deleted.` : `${type} successfully deleted.`;
  },
  /** The failed delete's toast title; the server's message is its text. */
  failed(items: readonly DeleteItem[]): string {
    const [item] = items;
    if (items.length !== 1 || !item) return 'Failed to delete resources.';
    const name = nameOf(item);
    return name ? `Failed to delete ${typeOf(item)} '${name}'.` : `Failed to delete this ${typeOf(item)}.`;
  },
  /** The toast title when the delete details cannot be read; the server's message is its text. */
  detailsFailed(items: readonly DeleteItem[]): string {
    const [item] = items;
    const name = items.length === 1 && item ? (nameOf(item) ?? '<unknown>') : `${items.length} items`;
    return `An error occured getting delete details for '${name}'.`;
  },
  missingItem: 'Internal error - missing item to delete',
  /** Above the list of dependents in the confirmation. */
  dependentsHeading(count: number, itemCount: number): string {
    const them = itemCount === 1 ? 'it' : 'them';
    return count === 1
      ? `This record depends on ${them} and will be deleted too:`
      : `These ${count} records depend on ${them} and will be deleted too:`;
  },
  loadingDetails: 'Finding what else will be deleted...',
} as const;

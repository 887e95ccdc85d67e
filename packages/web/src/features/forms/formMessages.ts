/**
 * Said when a related record or document would be created for a record not saved yet (spec 03
 * §5), verbatim: by the relationship table and the documents control alike.
 */
export const saveParentFirstMessage = (parentType: string, childType: string) =>
  `You must save the ${parentType || 'parent'} before creating a ${childType || 'related child'}`;

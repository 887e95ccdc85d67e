import { changeComponentId } from '@plinth/schema';
import type { PanelEdit } from './panelEdit';
import { ValidatedText } from './ValidatedText';

/**
 * A component's Id (spec 01 §5): no spaces, unique in the page. The rule's message shows under the
 * box as it is typed; the new id is applied when the box loses focus, and only when it is allowed.
 */
export function ComponentIdField({
  edit,
  id,
  onIdChange,
}: {
  edit: PanelEdit;
  id: string;
  /** Tells the builder the selected component is now known by its new id. */
  onIdChange: (next: string) => void;
}) {
  const { content, onChange } = edit;
  return (
    <ValidatedText
      label="Id"
      value={id}
      isRequired
      commitOn="blur"
      validate={(next) => {
        const result = changeComponentId(content, id, next);
        return result.ok ? null : result.message;
      }}
      onCommit={(next) => {
        const result = changeComponentId(content, id, next);
        if (!result.ok) return;
        onChange(result.content);
        onIdChange(next);
      }}
    />
  );
}

import {
  type ElementStyle,
  elementStyle,
  fullSpan,
  invalidNumberMessage,
  invalidValueMessage,
  type LayoutElement,
  maxGridColumns,
  maxGridRows,
  maxPartialSpan,
  styleAt,
} from '@plinth/schema';
import { PropertySelect } from '../../admin/public';
import { changeStyle, type PanelEdit } from './panelEdit';
import { ValidatedText } from './ValidatedText';

const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
const numberOptions = (n: number) => [
  { id: '', name: 'Default' },
  ...range(n).map((id) => ({ id, name: id })),
];
/** Spec 01 §5: spans 1 to 6 or Full (1000). */
export const spanOptions = [...numberOptions(maxPartialSpan), { id: String(fullSpan), name: 'Full' }];

type NumberKey = 'rowSpan' | 'columnSpan' | 'rowStart' | 'columnStart' | 'order' | 'flexGrow';

/** A number of the element's style read from its text: '' clears it; a bad number says why. */
function readStyleNumber(
  key: NumberKey,
  text: string,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = Number(text.trim());
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return { ok: false, message: invalidNumberMessage };
  const parsed = elementStyle.safeParse({ [key]: value });
  return parsed.success ? { ok: true, value } : { ok: false, message: invalidValueMessage };
}

/**
 * The element's place in its parent (spec 01 §2 grid properties) at the builder's breakpoint: in a
 * grid its column span always, and with advanced properties its row span, starts, order and flex
 * grow; in a container its order and flex grow (advanced).
 */
export function PlacementFields({
  edit,
  element,
  parent,
}: {
  edit: PanelEdit;
  element: LayoutElement;
  parent: LayoutElement;
}) {
  const own: ElementStyle = element.styles[edit.breakpoint] ?? {};
  const style = styleAt(element.styles, edit.breakpoint);
  const inGrid = parent.type === 'grid';
  // Spans are the breakpoint's own (they are not inherited: layoutRules' columnSpanAt).
  const shownValue = (key: NumberKey) => (key === 'columnSpan' ? own : style)[key];
  const select = (key: NumberKey, label: string, options: Array<{ id: string; name: string }>) => (
    <PropertySelect
      label={label}
      options={options}
      value={shownValue(key) === undefined ? '' : String(shownValue(key))}
      onChange={(id) => changeStyle(edit, element, { [key]: id === '' ? undefined : Number(id) })}
    />
  );
  const number = (key: NumberKey, label: string) => (
    <ValidatedText
      label={label}
      value={style[key] === undefined ? '' : String(style[key])}
      validate={(text) => {
        const read = readStyleNumber(key, text);
        return read.ok ? null : read.message;
      }}
      onCommit={(text) => {
        const read = readStyleNumber(key, text);
        if (read.ok)
          changeStyle(edit, element, { [key]: read.value }, `${element.id}:${edit.breakpoint}:${key}`);
      }}
    />
  );
  return (
    <>
      {inGrid && select('columnSpan', 'Column span', spanOptions)}
      {edit.showsAdvanced && (
        <>
          {number('flexGrow', 'Flex grow')}
          {inGrid && select('rowSpan', 'Row span', numberOptions(maxGridRows))}
          {inGrid && select('rowStart', 'Row start', numberOptions(maxGridRows))}
          {inGrid && select('columnStart', 'Column start', numberOptions(maxGridColumns))}
          {number('order', 'Order')}
        </>
      )}
    </>
  );
}

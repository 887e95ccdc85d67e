import { Button } from '@plinth/ui';
import { useState } from 'react';
import { Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { ExpressionEditorProps } from '../ExpressionEditorProps';
import { LazyExpressionEditor } from '../LazyExpressionEditor';
import './presentations.css';

export interface PopupExpressionEditorProps
  extends Omit<ExpressionEditorProps, 'defaultValue' | 'onValueChange'> {
  value: string;
  onValueChange: (expression: string) => void;
  /** Text of the trigger when the expression is empty. */
  emptyText?: string;
}

/**
 * The popup presentation (spec 03 §2): the expression shown in a field; pressing it opens the
 * editor in a popover beside it. Typing reaches `onValueChange` as it pauses; Escape or a click
 * outside closes the popup.
 */
export function PopupExpressionEditor({
  value,
  onValueChange,
  emptyText = 'No expression',
  ...editor
}: PopupExpressionEditorProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" className="pl-expr-popup__trigger" aria-haspopup="dialog">
        {/* Named by what is seen, after the field's label (read by screen readers only). */}
        <span className="pl-expr-popup__label">{editor.label}: </span>
        <code className={value ? 'pl-expr-popup__value' : 'pl-expr-popup__value pl-expr-popup__value--empty'}>
          {value || emptyText}
        </code>{' '}
        <span className="pl-expr-popup__edit">{editor.isReadOnly ? 'View' : 'Edit'}</span>
      </Button>
      <Popover placement="bottom start" className="pl-popover pl-expr-popup" offset={4}>
        <Dialog aria-label={editor.label} className="pl-popover__dialog pl-expr-popup__dialog">
          <LazyExpressionEditor {...editor} defaultValue={value} onValueChange={onValueChange} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

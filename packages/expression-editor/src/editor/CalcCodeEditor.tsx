import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { calcLanguage } from '../language/calcLanguage';
import { type CompletionData, calcCompletion } from './calcCompletion';
import { calcHover } from './calcHover';

export interface CalcCodeEditorProps {
  /** The document when the editor is created; later changes go through the view. */
  defaultValue: string;
  onEdit: (expression: string) => void;
  isReadOnly: boolean;
  completion: () => CompletionData;
  /** Accessible name of the text box. */
  label: string;
  placeholder?: string | undefined;
  /** The view once created (for the toolbar: hints, inserting); null when destroyed. */
  onView: (view: EditorView | null) => void;
  /** Asking for hints (Ctrl-Space) is reported, for the machine (spec 03 §4). */
  onCompletionAsked?: () => void;
}

const readOnlyState = (isReadOnly: boolean) => [
  EditorState.readOnly.of(isReadOnly),
  EditorView.editable.of(!isReadOnly),
];

/** The CodeMirror 6 text box of the expression editor, with the calculation language's extensions. */
export function CalcCodeEditor({
  defaultValue,
  onEdit,
  isReadOnly,
  completion,
  label,
  placeholder,
  onView,
  onCompletionAsked,
}: CalcCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const readOnly = useRef(new Compartment());
  // The latest callbacks, read by the extensions, which are created once.
  const latest = useRef({ onEdit, completion, onCompletionAsked });
  latest.current = { onEdit, completion, onCompletionAsked };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is created once; props reach it through refs and effects.
  useEffect(() => {
    const source = calcCompletion(() => latest.current.completion());
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: defaultValue,
        extensions: [
          history(),
          calcLanguage(),
          bracketMatching(),
          calcHover(() => latest.current.completion().functions),
          closeBrackets(),
          autocompletion({
            override: [
              (ctx) => {
                if (ctx.explicit) latest.current.onCompletionAsked?.();
                return source(ctx);
              },
            ],
            icons: true,
          }),
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...completionKeymap,
            ...lintKeymap,
          ]),
          EditorView.lineWrapping,
          placeholderText(placeholder ?? ''),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          readOnly.current.of(readOnlyState(isReadOnly)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onEdit(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    onView(view);
    return () => {
      onView(null);
      viewRef.current = null;
      view.destroy();
    };
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: readOnly.current.reconfigure(readOnlyState(isReadOnly)) });
  }, [isReadOnly]);

  return <div ref={host} className="pl-expr-editor__code" data-readonly={isReadOnly || undefined} />;
}

import { ClearFormattingIcon, ImageIcon, LinkIcon, Modal, NumberedListIcon, QuoteIcon } from '@plinth/ui';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { maxMultilineLength } from '../text/TextInput';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';
import { imageToken, sanitizeRichText } from './sanitizeRichText';

/** Rich-text changes are reported after this pause (spec 02 §9). */
export const richTextChangeDebounceMs = 200;

export interface RichTextImage {
  tag: string;
  url: string;
  name?: string;
}

export interface RichTextEditorProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onValueChange?: (html: string) => void;
  placeholder?: string;
  /** Counted in text characters; typing and pasting beyond it are blocked. Default 100000. */
  maxLength?: number;
  /** Images offered by the image popup; inserted as their `%%tag%%` token. */
  images?: RichTextImage[];
  size?: 'small' | 'large';
  width?: 'fill' | 'compact';
  /** Tests and hosts: the editor once created. */
  onEditorReady?: (editor: Editor) => void;
}

type Align = 'left' | 'center' | 'right';

/**
 * The rich-text editor (Tiptap): toolbar of spec 02 §9 (bold, italic, underline, link, lists,
 * quote, remove formatting, alignment, undo, redo) showing active formats and undo/redo
 * availability; placeholder; link and image popups; max length in text characters; pasted HTML
 * sanitised. Load it through `LazyRichTextEditor` so it stays out of the first load.
 */
export function RichTextEditor({
  value,
  defaultValue = '',
  onValueChange,
  placeholder = '',
  maxLength = maxMultilineLength,
  images = [],
  size = 'small',
  width = 'fill',
  onEditorReady,
  isReadOnly = false,
  isDisabled = false,
  ...wrapper
}: RichTextEditorProps) {
  const changeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [isLinkOpen, setLinkOpen] = useState(false);
  const [isImageOpen, setImageOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      Placeholder.configure({ placeholder }),
      CharacterCount.configure({ limit: maxLength }),
    ],
    content: sanitizeRichText(value ?? defaultValue),
    editable: !isReadOnly && !isDisabled,
    editorProps: {
      transformPastedHTML: (html) => sanitizeRichText(html),
      // A paste that would go past the max length is blocked whole (CharacterCount would cut it).
      handlePaste: (view, _event, slice) => {
        const pasted = slice.content.textBetween(0, slice.content.size, '').length;
        const { from, to } = view.state.selection;
        const current = view.state.doc.textBetween(0, view.state.doc.content.size, '').length;
        const replaced = view.state.doc.textBetween(from, to, '').length;
        return current - replaced + pasted > maxLength;
      },
      attributes: { 'aria-label': wrapper.label, role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: current }) => {
      clearTimeout(changeTimer.current);
      changeTimer.current = setTimeout(() => onValueChange?.(current.getHTML()), richTextChangeDebounceMs);
    },
  });
  useEffect(() => () => clearTimeout(changeTimer.current), []);
  useEffect(() => {
    if (editor && onEditorReady) onEditorReady(editor);
  }, [editor, onEditorReady]);
  useEffect(() => {
    // No update event: turning editable on or off changes no value, so a form must not turn dirty.
    if (editor && !editor.isDestroyed) editor.setEditable(!isReadOnly && !isDisabled, false);
  }, [editor, isReadOnly, isDisabled]);

  const state = useEditorState({
    editor,
    // A destroyed editor (remounted, or torn down by its form) has no storage left to read.
    selector: ({ editor: e }) =>
      e && !e.isDestroyed
        ? {
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            orderedList: e.isActive('orderedList'),
            bulletList: e.isActive('bulletList'),
            link: e.isActive('link'),
            quote: e.isActive('blockquote'),
            align: (e.getAttributes('paragraph').textAlign as Align | undefined) ?? 'left',
            characters: e.storage.characterCount.characters() as number,
          }
        : null,
  });

  const run = (command: (e: Editor) => void) => () => {
    if (editor) command(editor);
  };
  const tool = (
    label: string,
    text: ReactNode,
    onPress: () => void,
    options: { pressed?: boolean; disabled?: boolean } = {},
  ) => (
    <button
      type="button"
      className="pl-rich-text__tool"
      aria-label={label}
      title={label}
      {...(options.pressed !== undefined ? { 'aria-pressed': options.pressed } : {})}
      disabled={options.disabled || isReadOnly || isDisabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {text}
    </button>
  );
  const setAlign = (align: Align) =>
    run((e) =>
      e
        .chain()
        .focus()
        .updateAttributes('paragraph', { textAlign: align === 'left' ? null : align })
        .run(),
    );

  return (
    <FieldWrapper
      {...wrapper}
      labelMode="plain"
      footer={
        state ? (
          <span className="pl-field__counter">
            {state.characters} / {maxLength}
          </span>
        ) : null
      }
    >
      <div className={`pl-rich-text pl-rich-text--${size} pl-rich-text--${width}`}>
        {!isReadOnly && (
          <div className="pl-rich-text__toolbar" role="toolbar" aria-label={`${wrapper.label} formatting`}>
            {tool(
              'Bold',
              'B',
              run((e) => e.chain().focus().toggleBold().run()),
              { pressed: !!state?.bold },
            )}
            {tool(
              'Italic',
              'I',
              run((e) => e.chain().focus().toggleItalic().run()),
              { pressed: !!state?.italic },
            )}
            {tool(
              'Underline',
              'U',
              run((e) => e.chain().focus().toggleUnderline().run()),
              {
                pressed: !!state?.underline,
              },
            )}
            {tool('Link', <LinkIcon />, () => setLinkOpen(true), { pressed: !!state?.link })}
            {tool(
              'Numbered list',
              <NumberedListIcon />,
              run((e) => e.chain().focus().toggleOrderedList().run()),
              {
                pressed: !!state?.orderedList,
              },
            )}
            {tool(
              'Bulleted list',
              '•',
              run((e) => e.chain().focus().toggleBulletList().run()),
              {
                pressed: !!state?.bulletList,
              },
            )}
            {tool(
              'Quote',
              <QuoteIcon />,
              run((e) => e.chain().focus().toggleBlockquote().run()),
              { pressed: !!state?.quote },
            )}
            {tool(
              'Remove formatting',
              <ClearFormattingIcon />,
              run((e) => e.chain().focus().unsetAllMarks().clearNodes().run()),
            )}
            {tool('Align left', '⇤', setAlign('left'), { pressed: state?.align === 'left' })}
            {tool('Align centre', '↔', setAlign('center'), { pressed: state?.align === 'center' })}
            {tool('Align right', '⇥', setAlign('right'), { pressed: state?.align === 'right' })}
            {images.length > 0 && tool('Image', <ImageIcon />, () => setImageOpen(true))}
            {tool(
              'Undo',
              '↶',
              run((e) => e.chain().focus().undo().run()),
              { disabled: !state?.canUndo },
            )}
            {tool(
              'Redo',
              '↷',
              run((e) => e.chain().focus().redo().run()),
              { disabled: !state?.canRedo },
            )}
          </div>
        )}
        <EditorContent editor={editor} className="pl-rich-text__content" />
      </div>
      {editor && isLinkOpen && <LinkPopup editor={editor} onClose={() => setLinkOpen(false)} />}
      {editor && isImageOpen && (
        <ImagePopup
          images={images}
          onClose={() => setImageOpen(false)}
          onInsert={(tag) => {
            editor.chain().focus().insertContent(imageToken(tag)).run();
            setImageOpen(false);
          }}
        />
      )}
    </FieldWrapper>
  );
}

/** Text, Link url; Cancel, Insert link (or Update link), Remove link. Insert needs a url. */
function LinkPopup({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const isEditing = editor.isActive('link');
  const { from, to } = editor.state.selection;
  const [text, setText] = useState(editor.state.doc.textBetween(from, to, ' '));
  const [url, setUrl] = useState((editor.getAttributes('link').href as string | undefined) ?? '');
  const apply = () => {
    const raw = url.trim();
    if (raw === '') return;
    // One sanitiser decides what a link may point at (javascript: becomes the host).
    const href =
      /href="([^"]*)"/.exec(sanitizeRichText(`<a href="${raw.replace(/"/g, '%22')}">x</a>`))?.[1] ?? '/';
    const label = text.trim() || raw;
    if (isEditing) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    else
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: label, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    onClose();
  };
  return (
    <Modal
      title={isEditing ? 'Update link' : 'Insert link'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="small"
      buttons={[
        ...(isEditing
          ? [
              {
                kind: 'custom' as const,
                label: 'Remove link',
                onPress: () => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  onClose();
                },
              },
            ]
          : []),
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: isEditing ? 'Update link' : 'Insert link',
          variant: 'primary',
          isDisabled: url.trim() === '',
          onPress: apply,
        },
      ]}
    >
      {!isEditing && (
        <TextField className="pl-text-field" value={text} onChange={setText}>
          <Label className="pl-field__label">Text</Label>
          <Input className="pl-input" />
        </TextField>
      )}
      <TextField className="pl-text-field" value={url} onChange={setUrl} autoFocus>
        <Label className="pl-field__label">Link url</Label>
        <Input className="pl-input" />
      </TextField>
    </Modal>
  );
}

/** A grid of images; Cancel, Insert image. */
function ImagePopup({
  images,
  onClose,
  onInsert,
}: {
  images: RichTextImage[];
  onClose: () => void;
  onInsert: (tag: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Modal
      title="Insert image"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      buttons={[
        { kind: 'cancel', onPress: onClose },
        {
          kind: 'custom',
          label: 'Insert image',
          variant: 'primary',
          isDisabled: chosen === null,
          onPress: () => chosen && onInsert(chosen),
        },
      ]}
    >
      <div className="pl-image-grid">
        {images.map((image) => (
          <button
            type="button"
            key={image.tag}
            aria-pressed={chosen === image.tag}
            aria-label={image.name ?? image.tag}
            onClick={() => setChosen(image.tag)}
          >
            <img src={image.url} alt="" width={64} height={64} />
          </button>
        ))}
      </div>
      {images.length === 0 && <p className="pl-muted">No images</p>}
    </Modal>
  );
}

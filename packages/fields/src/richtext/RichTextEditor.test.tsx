import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

// jsdom has no ClipboardEvent; ProseMirror's pasteHTML only needs the constructor.
if (typeof globalThis.ClipboardEvent === 'undefined') {
  (globalThis as { ClipboardEvent?: unknown }).ClipboardEvent = class extends Event {
    readonly clipboardData = null;
  };
}

async function renderEditor(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  let editor: Editor | undefined;
  render(<RichTextEditor label="Notes" onEditorReady={(e) => (editor = e)} {...props} />);
  await waitFor(() => expect(editor).toBeDefined());
  return editor!;
}

describe('RichTextEditor', () => {
  it('shows the toolbar of spec 02 §9 and the placeholder when empty', async () => {
    await renderEditor({ placeholder: 'Write something' });
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Link',
      'Numbered list',
      'Bulleted list',
      'Quote',
      'Remove formatting',
      'Align left',
      'Align centre',
      'Align right',
      'Undo',
      'Redo',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(document.querySelector('[data-placeholder="Write something"]')).not.toBeNull();
  });

  it('tracks undo/redo availability and active formats', async () => {
    const editor = await renderEditor();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    act(() => {
      editor.chain().focus().insertContent('hello').selectAll().run();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    expect(editor.getHTML()).toBe('<p><strong>hello</strong></p>');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();
  });

  it('blocks input past the max length, counted in text characters', async () => {
    const editor = await renderEditor({ maxLength: 10, defaultValue: '<p><strong>12345</strong></p>' });
    expect(screen.getByText('5 / 10')).toBeInTheDocument();
    act(() => {
      editor.chain().focus('end').insertContent('abcdefgh').run();
    });
    expect(editor.getText()).toBe('12345');
    act(() => {
      editor.chain().focus('end').insertContent('abcde').run();
    });
    expect(editor.getText()).toBe('12345abcde');
    expect(screen.getByText('10 / 10')).toBeInTheDocument();
  });

  it('blocks pasting past the max length and sanitises pasted HTML', async () => {
    const editor = await renderEditor({ maxLength: 20 });
    act(() => {
      editor.view.pasteHTML('<p style="color:red">safe<script>alert(1)</script><code>x</code></p>');
    });
    expect(editor.getHTML()).toBe('<p>safe</p>');
    act(() => {
      editor.view.pasteHTML('<p>this is far too long to fit in</p>');
    });
    expect(editor.getText()).toBe('safe');
  });

  it('neutralises javascript: links pasted in', async () => {
    const editor = await renderEditor();
    act(() => {
      editor.view.pasteHTML('<p><a href="javascript:alert(1)">click</a></p>');
    });
    expect(editor.getHTML()).not.toMatch(/javascript/i);
  });

  it('inserts a link from the popup: Insert link needs a url; target _blank, nofollow', async () => {
    const onValueChange = vi.fn();
    await renderEditor({ onValueChange });
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const insert = await screen.findByRole('button', { name: 'Insert link' });
    expect(insert).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Plinth');
    await userEvent.type(screen.getByRole('textbox', { name: 'Link url' }), 'https://example.com');
    await userEvent.click(insert);
    await waitFor(() =>
      expect(onValueChange).toHaveBeenLastCalledWith(
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">Plinth</a></p>',
      ),
    );
  });

  it('inserts an image as its %%tag%% token', async () => {
    const editor = await renderEditor({ images: [{ tag: 'logo', url: '/logo.png', name: 'Logo' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Image' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Logo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    expect(editor.getText()).toBe('%%logo%%');
  });

  it('reports no change when it opens or turns read-only: an untouched form stays clean', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(
      <RichTextEditor label="Notes" value="<p>Kept</p>" onValueChange={onValueChange} />,
    );
    rerender(<RichTextEditor label="Notes" value="<p>Kept</p>" onValueChange={onValueChange} isReadOnly />);
    rerender(<RichTextEditor label="Notes" value="<p>Kept</p>" onValueChange={onValueChange} />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('keeps rendering when its editor has been destroyed under it', async () => {
    let editor: Editor | undefined;
    const { rerender } = render(<RichTextEditor label="Notes" onEditorReady={(e) => (editor = e)} />);
    await waitFor(() => expect(editor).toBeDefined());
    act(() => editor!.destroy());
    rerender(<RichTextEditor label="Notes" onEditorReady={(e) => (editor = e)} isDisabled />);
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
  });
});

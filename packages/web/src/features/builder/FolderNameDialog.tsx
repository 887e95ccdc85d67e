import { useState } from 'react';
import { FormDialog, LabelledText } from '../admin/public';
import { folderNameProblem } from './menuMoves';

export interface FolderNameDialogProps {
  title: string;
  submitLabel: string;
  initialText: string;
  onClose: () => void;
  /** The trimmed name, once it follows the folder name rule. */
  onSubmit: (text: string) => void;
}

/** A menu folder's name, for a new folder or a renamed one. */
export function FolderNameDialog({
  title,
  submitLabel,
  initialText,
  onClose,
  onSubmit,
}: FolderNameDialogProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={async () => {
        const problem = folderNameProblem(text);
        setError(problem);
        if (!problem) onSubmit(text.trim());
      }}
    >
      <LabelledText
        label="Folder name"
        value={text}
        isRequired
        autoFocus
        error={error}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
      />
    </FormDialog>
  );
}

import type { DocumentInfo } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import {
  type DropItem,
  DropZone,
  type FileDropItem,
  FileTrigger,
  Label,
  ProgressBar,
  Text,
} from 'react-aria-components';
import { fromPromise } from 'xstate';
import type { DocumentServices } from './documentServices';
import { documentUploadMachine } from './documentUploadMachine';
import './documents.css';

export interface DocumentDropAreaProps {
  uploadDocument: DocumentServices['uploadDocument'];
  /** A file is stored as a new document: refresh the report. */
  onUploaded: (document: DocumentInfo) => void;
  isDisabled?: boolean;
}

const isFile = (item: DropItem): item is FileDropItem => item.kind === 'file';

/**
 * The toolbar's file drop area (spec 02 §2): drop files on it or browse for them; each is uploaded
 * as a new document with its progress shown, then toasted and reported to the host.
 */
export function DocumentDropArea({ uploadDocument, onUploaded, isDisabled = false }: DocumentDropAreaProps) {
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  const [state, send] = useMachine(
    documentUploadMachine.provide({
      actors: {
        uploadDocument: fromPromise(({ input, signal }) =>
          uploadDocument(input.file, input.onProgress, signal),
        ),
      },
      actions: { documentUploaded: (_, params) => uploaded.current(params.document) },
    }),
  );
  const { current, progress, queue } = state.context;
  const add = (files: File[]) => send({ type: 'FILES_ADDED', files });

  return (
    <DropZone
      className="pl-documents__drop"
      isDisabled={isDisabled}
      aria-label="Upload documents"
      onDrop={async (event) =>
        add(await Promise.all(event.items.filter(isFile).map((item) => item.getFile())))
      }
    >
      {current ? (
        <ProgressBar value={progress} className="pl-documents__uploads">
          {({ percentage }) => (
            <>
              <Label>Uploading {current.name}</Label>
              <span className="pl-documents__percent">
                {Math.round(percentage ?? 0)}%{queue.length > 0 ? `, ${queue.length} more` : ''}
              </span>
              <div className="pl-documents__bar">
                <div className="pl-documents__fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      ) : (
        <Text slot="label">Drop files here or</Text>
      )}
      <FileTrigger allowsMultiple onSelect={(list) => list && add(Array.from(list))}>
        <Button size="small" isDisabled={isDisabled}>
          Browse
        </Button>
      </FileTrigger>
    </DropZone>
  );
}

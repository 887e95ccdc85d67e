import type {
  CsvImportRequest,
  CsvNewTypeRequest,
  CsvPreviewResponse,
  CsvRowProblem,
  CsvUploadResponse,
} from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../api/apiClient';
import { SessionProvider } from '../../auth/public';
import { CsvImportDialog } from './CsvImportDialog';
import type { CsvImportApi } from './csvImportApi';
import { NewObjectFromCsvDialog } from './NewObjectFromCsvDialog';

/** The file of the tests: five projects, lines 3 and 5 bad while Budget is mapped. */
const upload: CsvUploadResponse = {
  uploadId: 'u1',
  fileName: 'projects.csv',
  columns: ['Title', 'Budget', 'Account'],
  rowCount: 5,
  sampleRows: [
    ['P1', '10', 'Acme'],
    ['P2', 'ten', 'Acme'],
    ['P3', '30', 'Acme'],
    ['P4', '40', 'Nobody'],
    ['P5', '50', 'Acme'],
  ],
  targets: [
    { key: '#100', label: 'Name', kind: 'field', detail: 'Text', isRequired: false },
    { key: '#7', label: 'Budget', kind: 'field', detail: 'Currency', isRequired: false },
    { key: '#9:fwd', label: 'Account', kind: 'lookup', detail: 'Account', isRequired: false },
  ],
  mapping: [null, '#7', '#9:fwd'],
  guessedTypes: ['Text', 'Text', 'Text'],
};

const problems: Record<number, CsvRowProblem> = {
  3: { line: 3, messages: [{ column: 'Budget', message: 'The value is not a valid number.' }] },
  5: { line: 5, messages: [{ column: 'Account', message: "No Account is named 'Nobody'." }] },
};

/** The import's calls over the file above, answering as the server does for it. */
function fakeImport() {
  const calls: Array<{ call: string; body?: unknown }> = [];
  const previewOf = (request: CsvImportRequest): CsvPreviewResponse => {
    const excluded = new Set(request.excludedLines);
    const bad = Object.values(problems).filter((p) => !excluded.has(p.line));
    return {
      rows: upload.sampleRows.map((cells, i) => ({
        line: i + 2,
        cells,
        isExcluded: excluded.has(i + 2),
        messages: excluded.has(i + 2) ? [] : (problems[i + 2]?.messages ?? []),
      })),
      rowCount: 5,
      importableCount: 5 - bad.length - excluded.size,
      excludedCount: excluded.size,
      badRows: bad,
      badRowCount: bad.length,
      mappingProblems: request.mapping.every((m) => m === null)
        ? ['Map at least one column to a field.']
        : [],
    };
  };
  const api: CsvImportApi = {
    async upload(file, typeId, onProgress) {
      calls.push({ call: 'upload', body: { name: file.name, typeId } });
      onProgress(50);
      await new Promise((resolve) => setTimeout(resolve, 10));
      onProgress(100);
      return typeId === undefined
        ? { ...upload, targets: [], mapping: [null, null, null], guessedTypes: ['Text', 'Decimal', 'Text'] }
        : upload;
    },
    async preview(request) {
      calls.push({ call: 'preview', body: request });
      return previewOf(request);
    },
    async run(request, onProgress) {
      calls.push({ call: 'run', body: request });
      const preview = previewOf(request);
      if (preview.badRowCount > 0)
        return {
          kind: 'refused',
          message: `${preview.badRowCount} rows have problems.`,
          badRows: preview.badRows,
          badRowCount: preview.badRowCount,
        };
      onProgress(2, preview.importableCount);
      await new Promise((resolve) => setTimeout(resolve, 10));
      onProgress(preview.importableCount, preview.importableCount);
      return { kind: 'imported', count: preview.importableCount, typeId: request.typeId, seconds: 0.4 };
    },
    async newType(request: CsvNewTypeRequest) {
      calls.push({ call: 'newType', body: request });
      return { typeId: 77, targets: upload.targets, mapping: ['#100', '#7', null] };
    },
    async records(typeId) {
      calls.push({ call: 'records', body: typeId });
      return {
        meta: {
          title: 'Project',
          rootTypeId: typeId,
          rcols: { name: { title: 'Name', type: 'string', ord: 0, hide: false } },
          sort: [],
          anlcols: {},
        },
        gdata: [
          { eid: 1001, values: [{ val: 'P1' }] },
          { eid: 1002, values: [{ val: 'P3' }] },
        ],
        pageSize: 50,
        lrt: '2026-03-15T01:30:00.000Z',
      } as never;
    },
  };
  return { api, calls };
}

const signedOut = new ApiClient({ fetch: async () => new Response('{}', { status: 401 }) });
const wrap = (node: ReactNode) => render(<SessionProvider client={signedOut}>{node}</SessionProvider>);
const csvFile = () => new File(['Title,Budget,Account\n'], 'projects.csv', { type: 'text/csv' });

describe('Import from CSV', () => {
  it('uploads, maps, shows the bad rows by line, refuses to import them, and imports once they are excluded', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeImport();
    const onImported = vi.fn();
    wrap(
      <CsvImportDialog api={api} typeId={5} typeName="Project" onClose={() => {}} onImported={onImported} />,
    );
    const dialog = await screen.findByRole('dialog', { name: "Import from CSV into 'Project'" });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    // The proposed mapping, which the user completes: Title fills the Name.
    const title = await within(dialog).findByRole('combobox', { name: 'Field for the column Title' });
    expect(title).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Field for the column Budget' })).toHaveValue('#7');
    // No column fills the Name yet: the records would come without names, and the dialog says so.
    const unnamed = within(dialog).getByRole('note');
    expect(unnamed).toHaveTextContent(
      'No column fills the Name: the records will be imported without names. Choose Name for the column that names them.',
    );
    await user.selectOptions(title, '#100');
    expect(unnamed).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const bad = await within(dialog).findByRole('region', { name: 'Rows with problems' });
    expect(within(bad).getByText('Line 3')).toBeInTheDocument();
    expect(bad).toHaveTextContent('Line 3: Budget: The value is not a valid number.');
    expect(bad).toHaveTextContent("Line 5: Account: No Account is named 'Nobody'.");
    expect(
      within(dialog).getByText(/5 rows: 3 are ready to import, 2 have problems, 0 are excluded\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 3 records' })).toBeDisabled();

    await user.click(within(bad).getByRole('button', { name: 'Exclude these 2 rows' }));
    const importButton = within(dialog).getByRole('button', { name: 'Import 3 records' });
    await waitFor(() => expect(importButton).toBeEnabled());
    expect(within(dialog).getByText(/2 are\s+excluded/)).toBeInTheDocument();
    await user.click(importButton);

    await within(dialog).findByText("Imported 3 records into 'Project' in 0.4 s.");
    expect(onImported).toHaveBeenCalledWith(3);
    const run = calls.find((c) => c.call === 'run')?.body as CsvImportRequest;
    expect(run).toMatchObject({ uploadId: 'u1', typeId: 5, mapping: ['#100', '#7', '#9:fwd'] });
    expect(run.excludedLines.sort()).toEqual([3, 5]);

    await user.click(within(dialog).getByRole('button', { name: 'See the records' }));
    const records = await within(dialog).findByRole('table', { name: 'Project: the first 2 records' });
    expect(
      within(records)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Name', 'P1', 'P3']);
  });

  it('shows the rows the import itself refused and imports nothing until they are excluded', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeImport();
    // The preview finds nothing wrong; the import finds line 4 (a rule only the put checks).
    const preview = api.preview;
    api.preview = async (request) => ({
      ...(await preview(request)),
      badRows: [],
      badRowCount: 0,
      importableCount: 5 - request.excludedLines.length,
    });
    api.run = async (request) => {
      calls.push({ call: 'run', body: request });
      return request.excludedLines.includes(4)
        ? { kind: 'imported', count: 4, typeId: 5, seconds: 1 }
        : {
            kind: 'refused',
            message: '1 row has problems.',
            badRows: [
              { line: 4, messages: [{ column: null, message: 'You do not have permission to do this.' }] },
            ],
            badRowCount: 1,
          };
    };
    wrap(
      <CsvImportDialog
        api={api}
        typeId={5}
        typeName="Project"
        start={{ upload, targets: upload.targets, mapping: ['#100', '#7', '#9:fwd'] }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 5 records' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 row has problems.');
    expect(within(dialog).getByRole('region', { name: 'Rows with problems' })).toHaveTextContent(
      'Line 4: You do not have permission to do this.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Exclude' }));
    const importFour = await within(dialog).findByRole('button', { name: 'Import 4 records' });
    await waitFor(() => expect(importFour).toBeEnabled());
    await user.click(importFour);
    await within(dialog).findByText("Imported 4 records into 'Project' in 1 s.");
  });

  it('makes a new Object from the header with the guessed field types, then imports into it', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeImport();
    const onClose = vi.fn();
    wrap(<NewObjectFromCsvDialog api={api} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New Object from CSV' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('Creating an Object may incur additional license costs.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Object name' })).toHaveValue('Projects');
    expect(within(dialog).getByRole('combobox', { name: 'Field type of the column Budget' })).toHaveValue(
      'Decimal',
    );
    // No column is called Name: the first text column gives the names.
    expect(within(dialog).getByRole('radio', { name: "Title gives the records' names" })).toBeChecked();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Field type of the column Account' }),
      'Text',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Account' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the Object' }));

    expect(calls.find((c) => c.call === 'newType')?.body).toEqual({
      uploadId: 'u1',
      name: 'Projects',
      nameColumn: 0,
      columns: [null, { name: 'Budget', fieldType: 'Decimal' }, null],
    });
    const importing = await screen.findByRole('dialog', { name: "Import from CSV into 'Projects'" });
    expect(within(importing).getByRole('combobox', { name: 'Field for the column Title' })).toHaveValue(
      '#100',
    );
    await user.click(within(importing).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(77);
  });
});

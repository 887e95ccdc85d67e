import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CsvImportEvent, CsvUploadResponse, EntityChange } from '@plinth/schema';
import { sysType } from '@plinth/schema';
import type { Engine } from '../src/db/tables.js';
import { startBenchServer } from './benchServer.js';

const PASSWORD = 'bench-password';
const base = '/spapi/data/v1';

/** The CSV file: a name, six fields of five kinds, a lookup and a choice, each row valid. */
function csvFile(rows: number): string {
  const lines = ['Name,Budget,Hours,Starts,Ends at,Active,Notes,Account,Stage'];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `Project ${i},"${(i % 90_000) + 1000}.50",${i % 500},${day}/${month}/2026,${day}/${month}/2027 17:30,` +
        `${i % 2 === 0 ? 'yes' : 'no'},"Note, with a comma ${i}",Account ${i % 200},Stage ${i % 5}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * `npm run bench -- csv-import [--records N] [--engine sqlite|postgres] [--port P]` (issue 19): a
 * CSV file of N rows (100,000 by default) imported into a type through the real HTTP calls — the
 * upload (multipart), the preview of the proposed mapping, and the import, its progress lines read
 * as they come — signed in as the tenant's administrator. Prints the time of each step, rows per
 * second and the process's peak RSS (the server and this client are one process), with the load
 * average; writes bench-results/csv-import.json. Target: the import of 100,000 rows under 30 s.
 */
export async function csvImportBench(options: {
  records: number;
  engine: Engine;
  port: number;
  log: (m: string) => void;
}) {
  const { log, engine, records } = options;
  const server = await startBenchServer({
    name: 'csv',
    engine,
    port: options.port,
    password: PASSWORD,
    withUpkeep: true,
  });
  const { url } = server;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  try {
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant: 'bench', username: 'admin', password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = ((await login.json()) as { csrfToken: string }).csrfToken;
    const auth = { cookie, 'x-csrf-token': csrf };
    const post = async <T>(p: string, body: unknown): Promise<T> => {
      const res = await fetch(`${url}${p}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text.slice(0, 400)}`);
      return JSON.parse(text) as T;
    };

    const schema = await post<{ ids: Record<string, number> }>(`${base}/entity/put`, {
      entities: [
        { id: 'new:t', typeId: 'core:type', fields: { name: 'Project', typeScriptName: 'Project' } },
        { id: 'new:a', typeId: 'core:type', fields: { name: 'Account', typeScriptName: 'Account' } },
        {
          id: 'new:s',
          typeId: 'core:type',
          fields: { name: 'Stage', typeScriptName: 'Stage' },
          relationships: { inherits: { set: [sysType.enumValue] } },
        },
        ...[
          ['Budget', 'Currency'],
          ['Hours', 'Number'],
          ['Starts', 'Date'],
          ['Ends at', 'DateTime'],
          ['Active', 'Boolean'],
          ['Notes', 'Text'],
        ].map(([name, type], i) => ({
          id: `new:f${i}`,
          typeId: 'core:field',
          fields: { name, fieldScriptName: name!.replace(' ', ''), fieldType: type },
          relationships: { fieldIsOnType: { set: ['new:t'] } },
        })),
        ...(['Account', 'Stage'] as const).map((name) => ({
          id: `new:rel${name}`,
          typeId: 'core:relationship',
          fields: {
            name,
            relType: name === 'Stage' ? 'choiceField' : 'lookup',
            toName: name,
            fromName: `${name} projects`,
            toScriptName: name.toLowerCase(),
            fromScriptName: `${name.toLowerCase()}Projects`,
          },
          relationships: {
            fromType: { set: ['new:t'] },
            toType: { set: [name === 'Stage' ? 'new:s' : 'new:a'] },
          },
        })),
      ] satisfies EntityChange[],
    });
    const typeId = schema.ids['new:t']!;
    await post(`${base}/entity/put`, {
      entities: [
        ...Array.from({ length: 200 }, (_, i) => ({
          id: `new:a${i}`,
          typeId: schema.ids['new:a'],
          fields: { name: `Account ${i}` },
        })),
        ...Array.from({ length: 5 }, (_, i) => ({
          id: `new:s${i}`,
          typeId: schema.ids['new:s'],
          fields: { name: `Stage ${i}`, enumOrder: i },
        })),
      ],
    });

    const file = csvFile(records);
    log(
      `CSV import of ${records.toLocaleString('en-US')} rows (${(file.length / 1e6).toFixed(1)} MB) on ${engine}; load ${loadAverage()}`,
    );
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'projects.csv');
    let t0 = performance.now();
    const uploadRes = await fetch(`${url}${base}/import/upload?typeId=${typeId}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (uploadRes.status !== 200) throw new Error(`upload: ${uploadRes.status} ${await uploadRes.text()}`);
    const upload = (await uploadRes.json()) as CsvUploadResponse;
    const uploadS = (performance.now() - t0) / 1000;
    if (upload.mapping.some((m) => m === null)) throw new Error(`a column was not mapped: ${upload.mapping}`);
    const request = { uploadId: upload.uploadId, typeId, mapping: upload.mapping, excludedLines: [] };

    t0 = performance.now();
    const preview = await post<{ badRowCount: number; importableCount: number }>(
      `${base}/import/preview`,
      request,
    );
    const previewS = (performance.now() - t0) / 1000;
    if (preview.badRowCount > 0 || preview.importableCount !== records)
      throw new Error(`preview: ${JSON.stringify(preview)}`);

    t0 = performance.now();
    const res = await fetch(`${url}${base}/import/run`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    let last: CsvImportEvent | undefined;
    let firstProgressS: number | undefined;
    let buffered = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        last = JSON.parse(buffered.slice(0, nl)) as CsvImportEvent;
        buffered = buffered.slice(nl + 1);
        if (last.kind === 'progress') {
          firstProgressS ??= (performance.now() - t0) / 1000;
          if (last.done % 20_000 === 0)
            log(
              `  ${last.done.toLocaleString('en-US')} rows at ${((performance.now() - t0) / 1000).toFixed(1)} s`,
            );
        }
        nl = buffered.indexOf('\n');
      }
    }
    const importS = (performance.now() - t0) / 1000;
    if (last?.kind !== 'imported' || last.count !== records)
      throw new Error(`import: ${JSON.stringify(last)}`);
    const result = {
      scenario: 'csv-import',
      engine,
      rows: records,
      file_mb: Number((file.length / 1e6).toFixed(1)),
      upload_s: Number(uploadS.toFixed(2)),
      preview_s: Number(previewS.toFixed(2)),
      import_s: Number(importS.toFixed(2)),
      first_progress_s: Number((firstProgressS ?? 0).toFixed(2)),
      rows_per_s: Math.round(records / importS),
      peak_rss_mb: Math.round(peakRss / 1024 / 1024),
      target_import_s: 30,
      load: loadAverage(),
    };
    log(JSON.stringify(result, null, 2));
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync('bench-results/csv-import.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    clearInterval(sampler);
    await server.close();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

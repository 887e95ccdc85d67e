import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportDownloadPath, exportResult } from '@plinth/schema';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Client, TestApp } from '../support/testApp.js';

export interface Downloaded {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  /** The JSON error body, when the answer is one. */
  json?: any;
}

/** Asks for an export; answers the status and body of the export call. */
export function requestExport(client: Client, reportId: number | string, format: string, body: unknown = {}) {
  return client.post(`/spapi/data/v2/report/export/${reportId}/${format}`, body);
}

/** The download address of an export result, as the client builds it. */
export const downloadUrl = (token: string, fileName: string, third: string) =>
  `/spapi/data/v2/report/export/download/${encodeURIComponent(token)}/${encodeURIComponent(fileName)}/${third}`;

/** GETs a download address as the client's user (signed in with its cookie), body kept as bytes. */
export async function download(t: TestApp, client: Client, url: string): Promise<Downloaded> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: client.auth.cookie ? { cookie: client.auth.cookie } : {},
  });
  const out: Downloaded = { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  if (String(res.headers['content-type'] ?? '').startsWith('application/json')) out.json = res.json();
  return out;
}

/** Exports and downloads in one go, at the address the browser builds, expecting both to succeed. */
export async function exportAndDownload(
  t: TestApp,
  client: Client,
  reportId: number,
  format: 'excel' | 'csv' | 'word',
  body: unknown = {},
  title = 'A report / of "deals": 100% ünïcödé?',
): Promise<Downloaded> {
  const started = await requestExport(client, reportId, format, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body).toEqual({ fileHash: expect.any(String), format });
  const file = await download(t, client, exportDownloadPath(exportResult.parse(started.body), title));
  expect(file.status, file.json ? JSON.stringify(file.json) : '').toBe(200);
  return file;
}

/**
 * An RFC 4180 reader written for the tests (independent of csv-stringify): quoted fields may hold
 * commas, doubled quotes and line breaks; records end with CRLF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      if (c === '\r' || c === '\n') throw new Error(`bare CR or LF outside quotes at ${i}`);
      field += c;
      i += 1;
    }
  }
  expect(quoted, 'unterminated quote').toBe(false);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads one entry of a zip file (xlsx, docx) with the `unzip` command. */
export function unzipEntry(zip: Buffer, entry: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-export-'));
  const file = path.join(dir, 'file.zip');
  try {
    fs.writeFileSync(file, zip);
    return execFileSync('unzip', ['-p', file, entry], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The entries of a zip file. */
export function zipEntries(zip: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-export-'));
  const file = path.join(dir, 'file.zip');
  try {
    fs.writeFileSync(file, zip);
    return execFileSync('unzip', ['-Z1', file]).toString('utf8').trim().split('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The first sheet of an xlsx as rows of cell values (exceljs reads it back). */
export async function readXlsx(file: Buffer): Promise<{ rows: unknown[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return { rows, sheet };
}

/** The text of each table row of a docx body, cells joined by ' | ', paragraphs' breaks as '\n'. */
export function docxTableRows(documentXml: string): string[][] {
  const rows = documentXml.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? [];
  return rows.map((tr) =>
    (tr.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? []).map((tc) =>
      decodeXml(
        (tc.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:br\/>/g) ?? [])
          .map((part) => (part === '<w:br/>' ? '\n' : part.replace(/<[^>]+>/g, '')))
          .join(''),
      ),
    ),
  );
}

export function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}

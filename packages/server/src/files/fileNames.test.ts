import { describe, expect, it } from 'vitest';
import { contentDisposition, documentNameOf, downloadNameOf, extensionOf } from './fileNames.js';

describe('file names', () => {
  it('keeps the last path segment without control characters', () => {
    expect(documentNameOf('../../etc/passwd')).toBe('passwd');
    expect(documentNameOf('C:\\Users\\me\\plan.pdf')).toBe('plan.pdf');
    expect(documentNameOf(' report\r\n.pdf\u0000 ')).toBe('report.pdf');
    expect(documentNameOf('..')).toBeUndefined();
    expect(documentNameOf('dir/')).toBeUndefined();
    expect(documentNameOf(undefined)).toBeUndefined();
  });

  it('shortens a long name to 200 characters, keeping its extension', () => {
    const name = documentNameOf(`${'a'.repeat(300)}.docx`)!;
    expect(name).toHaveLength(200);
    expect(name.endsWith('a.docx')).toBe(true);
  });

  it('reads the extension in lower case; a leading dot is no extension', () => {
    expect(extensionOf('Plan.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBeUndefined();
    expect(extensionOf('README')).toBeUndefined();
    expect(extensionOf('archive.')).toBeUndefined();
  });

  it('names a download with its extension, once', () => {
    expect(downloadNameOf('plan.pdf', 'pdf')).toBe('plan.pdf');
    expect(downloadNameOf('Quarterly plan', 'pdf')).toBe('Quarterly plan.pdf');
    expect(downloadNameOf(null, 'txt')).toBe('document.txt');
  });

  it('writes a header no name can break out of', () => {
    expect(contentDisposition('inline', 'a"b\\c\r\nSet-Cookie: x.pdf')).toBe(
      `inline; filename="a_b_c__Set-Cookie: x.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x.pdf`,
    );
    expect(contentDisposition('attachment', 'Prüfung.pdf')).toBe(
      `attachment; filename="Pr_fung.pdf"; filename*=UTF-8''Pr%C3%BCfung.pdf`,
    );
  });
});

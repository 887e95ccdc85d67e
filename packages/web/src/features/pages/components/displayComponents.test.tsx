import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageContent, renderPage } from '../pageTestHarness';

describe('heading', () => {
  it('shows its text at its level, or the placeholder without text', () => {
    renderPage(
      pageContent([
        { id: 'h', typeAlias: 'core:headingComponent', properties: { text: 'Sales pipeline', level: 3 } },
        { id: 'empty', typeAlias: 'core:headingComponent', properties: {} },
      ]),
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Sales pipeline' })).toBeInTheDocument();
    expect(screen.getByText('Heading not configured')).toBeInTheDocument();
  });
});

describe('text', () => {
  it('shows sanitised rich text: formatting kept, scripts and handlers gone', () => {
    renderPage(
      pageContent([
        {
          id: 't',
          typeAlias: 'core:textComponent',
          properties: {
            html: '<p>Welcome to <strong>CRM</strong><script>window.hacked = 1</script><img src=x onerror="window.hacked = 2"></p><a href="javascript:alert(1)">link</a>',
          },
        },
      ]),
    );
    expect(screen.getByText('CRM').tagName).toBe('STRONG');
    const text = document.querySelector('.pl-page-text')!;
    expect(text.innerHTML).not.toMatch(/script|onerror|javascript:/);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows the placeholder without text', () => {
    renderPage(pageContent([{ id: 't', typeAlias: 'core:textComponent', properties: { html: '' } }]));
    expect(screen.getByText('Text not configured')).toBeInTheDocument();
  });
});

describe('image', () => {
  it('shows an image by address or by stored document, with its alt text', () => {
    renderPage(
      pageContent([
        {
          id: 'a',
          typeAlias: 'core:imageComponent',
          properties: { url: 'https://example.com/logo.png', altText: 'Logo' },
        },
        { id: 'b', typeAlias: 'core:imageComponent', properties: { documentId: 42, altText: 'Team photo' } },
      ]),
    );
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', 'https://example.com/logo.png');
    expect(screen.getByRole('img', { name: 'Team photo' })).toHaveAttribute(
      'src',
      '/spapi/data/v2/file/42?inline=1',
    );
  });

  it('refuses an address that is not http(s) or this site, and shows the placeholder without one', () => {
    renderPage(
      pageContent([
        {
          id: 'a',
          typeAlias: 'core:imageComponent',
          properties: { url: 'javascript:alert(1)', altText: 'Bad' },
        },
        { id: 'b', typeAlias: 'core:imageComponent', properties: {} },
      ]),
    );
    expect(screen.getByRole('img', { name: 'Bad' })).toHaveTextContent('The image address is not allowed');
    expect(screen.getByRole('img', { name: 'Bad' }).tagName).toBe('DIV');
    expect(screen.getByText('Image not configured')).toBeInTheDocument();
  });
});

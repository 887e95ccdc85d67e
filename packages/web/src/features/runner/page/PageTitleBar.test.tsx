import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitleBar } from './PageTitleBar';

describe('PageTitleBar', () => {
  it('is hidden by default, still naming the page for screen readers', () => {
    render(
      <PageTitleBar
        bar={{ pageShowTitleBar: false, format: 'recordName' }}
        recordName={null}
        pageName="Home"
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Home' });
    expect(heading).toHaveClass('pl-visually-hidden');
  });

  it('adds no heading when hidden on a page with a top-level heading of its own', () => {
    render(
      <PageTitleBar
        bar={{ pageShowTitleBar: false, format: 'recordName' }}
        recordName={null}
        pageName="Home"
        hasOwnHeading
      />,
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the record’s name under recordName, the page name without a record', () => {
    const { rerender } = render(
      <PageTitleBar
        bar={{ pageShowTitleBar: true, format: 'recordName' }}
        recordName="Acme Pty"
        pageName="Account"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Pty');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveClass('pl-visually-hidden');
    rerender(
      <PageTitleBar
        bar={{ pageShowTitleBar: true, format: 'recordName' }}
        recordName={null}
        pageName="Account"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Account');
  });

  it('shows a custom title, or the page name when it is blank', () => {
    const { rerender } = render(
      <PageTitleBar
        bar={{ pageShowTitleBar: true, format: 'custom', title: 'Pipeline' }}
        recordName="Acme"
        pageName="Home"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pipeline');
    rerender(
      <PageTitleBar
        bar={{ pageShowTitleBar: true, format: 'custom', title: '  ' }}
        recordName="Acme"
        pageName="Home"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Home');
  });
});

import { describe, expect, it } from 'vitest';
import { pageByAddress } from './builderPages';

const page = (id: number, slug: string, upgradeId: string | null = null) => ({
  id,
  name: slug,
  slug,
  type: 'default' as const,
  contextEntityTypeId: null,
  upgradeId,
});

describe("a builder address's page part", () => {
  const pages = [page(1, 'accounts', 'crm:accountPage'), page(2, 'crm:accountPage-copy')];

  it('names a page by its URL slug, whatever its case', () => {
    expect(pageByAddress({ isSharedApp: false, pages }, 'ACCOUNTS')?.id).toBe(1);
  });

  it("names a shared app's page by its upgrade id too, a slug first", () => {
    expect(pageByAddress({ isSharedApp: true, pages }, 'crm:accountpage')?.id).toBe(1);
    expect(pageByAddress({ isSharedApp: true, pages }, 'crm:accountPage-copy')?.id).toBe(2);
  });

  it('does not look at upgrade ids in other apps', () => {
    expect(pageByAddress({ isSharedApp: false, pages }, 'crm:accountPage')).toBeUndefined();
  });
});

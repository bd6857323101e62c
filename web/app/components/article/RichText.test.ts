import { describe, expect, it } from 'vitest';
import { boxTables } from './RichText';

const BOX = '<div class="table-scroll" tabindex="0" role="region" aria-label="表格">';

describe('boxTables (a body’s tables scroll in their own box on a phone)', () => {
  it('wraps each table, its attributes kept, and leaves the rest alone', () => {
    expect(
      boxTables('<p>课表</p><table style="width:800px"><tr><td>1</td></tr></table><p>完</p>'),
    ).toBe(
      `<p>课表</p>${BOX}<table style="width:800px"><tr><td>1</td></tr></table></div><p>完</p>`,
    );
    expect(boxTables('<TABLE><tr><td>a</td></tr></TABLE><table></table>')).toBe(
      `${BOX}<table><tr><td>a</td></tr></table></div>${BOX}<table></table></div>`,
    );
  });
  it('does not take a word that starts with “table” for a table', () => {
    expect(boxTables('<tablex>no</tablex>')).toBe('<tablex>no</tablex>');
  });
});

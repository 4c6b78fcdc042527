import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CmsText } from './CmsText';

afterEach(cleanup);

describe('CmsText', () => {
  it('renders line breaks as <br> and keeps markup as text', () => {
    const { container } = render(
      <p>
        <CmsText text={'Hello {!name}\n<script>alert(1)</script>\r\n<b>bold</b>'} values={{ name: 'Ada' }} />
      </p>,
    );
    const paragraph = container.querySelector('p') as HTMLElement;
    expect(paragraph.querySelectorAll('br')).toHaveLength(2);
    expect(paragraph.querySelector('script')).toBeNull();
    expect(paragraph.querySelector('b')).toBeNull();
    expect(paragraph.innerHTML).toBe(
      'Hello Ada<br>&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;b&gt;bold&lt;/b&gt;',
    );
  });

  it('leaves unknown placeholders empty', () => {
    const { container } = render(<CmsText text="Hi {!who}!" />);
    expect(container.textContent).toBe('Hi !');
  });
});

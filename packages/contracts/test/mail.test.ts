import { describe, expect, it } from 'vitest';
import { mailHtml, parseMailbox } from '../src/mail';

describe('parseMailbox', () => {
  it("reads an address, 'Name <address>' and a quoted name", () => {
    expect(parseMailbox('orders@bionova.example')).toEqual({ address: 'orders@bionova.example' });
    expect(parseMailbox('BioNova Orders <orders@bionova.example>')).toEqual({
      name: 'BioNova Orders',
      address: 'orders@bionova.example',
    });
    expect(parseMailbox('"BioNova, Inc." <orders@bionova.example>')).toEqual({
      name: 'BioNova, Inc.',
      address: 'orders@bionova.example',
    });
    expect(parseMailbox('Laboratoire Génome <lab@bionova.example>')?.name).toBe('Laboratoire Génome');
  });

  it.each([
    'BioNova Orders',
    'orders at bionova.example',
    '<orders@bionova.example>',
    'Orders <orders@bionova.example',
    'Orders <a@b.example> <c@d.example>',
    'Orders\r\nBcc: all@bionova.example <orders@bionova.example>',
    'Orders\u0000 <orders@bionova.example>',
    'Or"ders <orders@bionova.example>',
    `${'x'.repeat(250)}@bionova.example`,
  ])('refuses %j', (text) => {
    expect(parseMailbox(text)).toBeUndefined();
  });
});

describe('mailHtml', () => {
  it('shows the text under the heading, paragraph by paragraph, every value escaped', () => {
    const html = mailHtml({
      subject: 'Your order <SO-1> & more',
      heading: 'Kestrel <script>alert("x")</script>',
      text: "Thank you for your order.\nIt's on its way.\n\nTotal: 5 < 6.",
    });
    expect(html).toContain('<title>Your order &lt;SO-1&gt; &amp; more</title>');
    expect(html).toContain('>Kestrel &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h1>');
    expect(html).toContain('>Thank you for your order.<br>It&#39;s on its way.</p>');
    expect(html).toContain('>Total: 5 &lt; 6.</p>');
    expect(html).not.toMatch(/<script|<style|<link/);
  });

  it('takes the subject as heading where no name is known', () => {
    expect(mailHtml({ subject: 'Your code', text: 'Your code is 123456.' })).toContain('>Your code</h1>');
  });
});

import type { Attachment } from '@storefront/contracts/crm-service-requests';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Attachments } from './RecordParts';

afterEach(cleanup);

const file = (id: string, fileName: string, contentType: string): Attachment => ({
  id,
  fileName,
  contentType,
  size: 2048,
  uploadedAt: '2026-11-20T10:00:00.000Z',
});

describe('Attachments', () => {
  it('shows the kinds C§5 shows as images in the browser, a picture drawn small, and downloads the rest', () => {
    render(
      <Attachments
        attachments={[
          file('a1', 'freezer-display.png', 'image/png'),
          file('a2', 'Service report.PDF', 'application/pdf'),
          file('a3', 'scan.jfif', 'image/jpeg'),
          file(
            'a4',
            'alarm-log.docx',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ),
          file('a5', 'diagram.svg', 'image/svg+xml'),
        ]}
      />,
    );
    const link = (name: string) => screen.getByRole('link', { name });
    for (const shown of ['freezer-display.png', 'Service report.PDF', 'scan.jfif']) {
      expect(link(shown).getAttribute('target'), shown).toBe('_blank');
      expect(link(shown).hasAttribute('download'), shown).toBe(false);
    }
    expect(link('freezer-display.png').querySelector('img')?.getAttribute('src')).toBe('/api/attachments/a1');
    expect(link('Service report.PDF').querySelector('img')).toBeNull();
    // An SVG can run script: never shown in place, always a download, as every other kind.
    for (const downloaded of ['alarm-log.docx', 'diagram.svg']) {
      expect(link(downloaded).getAttribute('download'), downloaded).toBe(downloaded);
      expect(link(downloaded).hasAttribute('target'), downloaded).toBe(false);
    }
  });
});

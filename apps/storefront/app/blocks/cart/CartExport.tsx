import { useState } from 'react';
import { useToast } from '../../components/toast/Toasts';
import { CART_EXPORT_PATH } from '../../features/cart/cart-actions';

type Progress = { state: 'idle' } | { state: 'running'; received: number; total: number | null };

/** The download's bytes, reporting progress as they arrive. */
async function readWithProgress(response: Response, onProgress: (received: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'text/csv' });
}

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'cart.csv';
}

/** 'Export to CSV' (exportToCSV): fetched with a progress indicator, then saved by the browser. */
export function CartExport({ quoteId }: { quoteId: string }) {
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const toast = useToast();

  const exportCsv = async () => {
    setProgress({ state: 'running', received: 0, total: null });
    try {
      const response = await fetch(`${CART_EXPORT_PATH}?${new URLSearchParams({ quoteId })}`);
      if (!response.ok) throw new Error((await response.text()) || 'The export failed. Please try again.');
      const total = Number(response.headers.get('content-length')) || null;
      const blob = await readWithProgress(response, (received) =>
        setProgress({ state: 'running', received, total }),
      );
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(response);
      // Some browsers only download from a link in the document, and after the click has been handled.
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
      toast.show({ message: `${link.download} is downloaded.`, variant: 'success' });
    } catch (error) {
      toast.show({ message: error instanceof Error ? error.message : String(error), variant: 'error' });
    } finally {
      setProgress({ state: 'idle' });
    }
  };

  return (
    <div className="cart-export">
      <button
        type="button"
        className="button button--secondary"
        onClick={exportCsv}
        disabled={progress.state === 'running'}
      >
        Export to CSV
      </button>
      {progress.state === 'running' && (
        <progress
          className="cart-export__progress"
          aria-label="Preparing the CSV file"
          max={progress.total ?? undefined}
          value={progress.total ? Math.min(progress.received, progress.total) : undefined}
        />
      )}
    </div>
  );
}

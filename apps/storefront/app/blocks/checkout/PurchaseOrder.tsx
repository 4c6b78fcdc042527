import {
  fileDownloadPath,
  MAX_PO_FILE_BYTES,
  PO_FILE_EXTENSIONS,
  type PoFile,
} from '@storefront/contracts/crm-purchase-orders';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AttachmentLink } from '../../components/AttachmentLink';
import { base64Chunks, readAsBase64 } from '../../features/checkout/chunks';
import { useCheckoutAction } from '../../features/checkout/use-checkout-action';

/**
 * The PO number: checked for duplicates and stored on the quote when the field is left (C§4); `stored` is what
 * the quote already holds, shown again after a reload.
 */
export function PoNumber({ quoteId, stored }: { quoteId: string; stored: string | null }) {
  const save = useCheckoutAction();
  const [value, setValue] = useState(stored ?? '');
  const [saved, setSaved] = useState<string | null>(stored);
  const [sent, setSent] = useState('');
  useEffect(() => {
    if (save.result?.ok && save.result.intent === 'savePo') setSaved(sent);
  }, [save.result, sent]);
  const inputId = `${quoteId}-po-number`;
  const error = save.refusal?.message ?? null;
  return (
    <div className="checkout-field">
      <label htmlFor={inputId}>PO number</label>
      <input
        id={inputId}
        value={value}
        maxLength={80}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : saved ? `${inputId}-saved` : undefined}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => {
          const poNumber = value.trim();
          if (!poNumber || poNumber === saved) return;
          setSent(poNumber);
          save.submit('savePo', { quoteId, poNumber });
        }}
      />
      {error && (
        <p id={`${inputId}-error`} className="checkout-field__error" role="alert">
          {error}
        </p>
      )}
      {!error && saved && (
        <p id={`${inputId}-saved`} className="checkout-note">
          PO number {saved} is saved on the order.
        </p>
      )}
    </div>
  );
}

interface Upload {
  fileName: string;
  fileSize: number;
  chunks: string[];
  received: number;
}

const ACCEPT = PO_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The PO file: uploaded in chunks with a progress bar, listed with its link, removable (C§7). */
export function PoFileField({ quoteId, file }: { quoteId: string; file: PoFile | null }) {
  const upload = useCheckoutAction();
  const remove = useCheckoutAction();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `${quoteId}-po-file`;

  const send = (current: Upload, index: number, uploadId: string | null) =>
    upload.submit('uploadChunk', {
      quoteId,
      fileName: current.fileName,
      fileSize: String(current.fileSize),
      chunkIndex: String(index),
      chunkCount: String(current.chunks.length),
      uploadId: uploadId ?? '',
      fileContent: current.chunks[index] ?? '',
      last: String(index === current.chunks.length - 1),
    });

  // Each answer sends the next chunk; the last one's answer is the stored file.
  const { result, refusal } = upload;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer, not a new render, sends the next chunk.
  useEffect(() => {
    if (!pending) return;
    if (refusal) {
      setProblem(refusal.message);
      setPending(null);
      return;
    }
    const answer = result?.ok ? result.upload : null;
    if (!answer) return;
    if (answer.status === 'Uploading') {
      setPending({ ...pending, received: answer.receivedChunks });
      send(pending, answer.receivedChunks, answer.uploadId);
    } else {
      setPending(null);
      revalidator.revalidate();
    }
  }, [result, refusal]);

  const onPick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const extension = picked.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(PO_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
      return setProblem(`A PO file must be one of: ${PO_FILE_EXTENSIONS.join(', ')}.`);
    }
    if (picked.size > MAX_PO_FILE_BYTES) return setProblem('A PO file may be at most 10 MB.');
    if (picked.size === 0) return setProblem('This file is empty.');
    setProblem(null);
    const next: Upload = {
      fileName: picked.name,
      fileSize: picked.size,
      chunks: base64Chunks(await readAsBase64(picked)),
      received: 0,
    };
    setPending(next);
    send(next, 0, null);
  };

  return (
    <div className="checkout-field">
      <label htmlFor={inputId}>PO file</label>
      {file ? (
        <p className="checkout-file">
          <AttachmentLink
            href={fileDownloadPath(file.cvId)}
            fileName={file.fileName}
            contentType={file.contentType}
          />{' '}
          ({Math.ceil(file.size / 1024)} KB){' '}
          <button
            type="button"
            className="button button--secondary"
            disabled={remove.busy}
            onClick={() => remove.submit('deleteFile', { fileName: file.fileName, cvId: file.cvId })}
          >
            Remove {file.fileName}
          </button>
        </p>
      ) : (
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={pending !== null}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          onChange={onPick}
        />
      )}
      {pending && (
        <p className="checkout-upload">
          <label htmlFor={`${inputId}-progress`}>Uploading {pending.fileName}</label>{' '}
          <progress id={`${inputId}-progress`} max={pending.chunks.length} value={pending.received} />
        </p>
      )}
      {(problem ?? remove.refusal?.message) && (
        <p id={`${inputId}-error`} className="checkout-field__error" role="alert">
          {problem ?? remove.refusal?.message}
        </p>
      )}
    </div>
  );
}

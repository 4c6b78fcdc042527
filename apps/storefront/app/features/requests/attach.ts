import { MAX_PO_FILE_BYTES, PO_FILE_EXTENSIONS } from '@storefront/contracts/crm-purchase-orders';
import { base64Chunks, readAsBase64 } from '../checkout/chunks';

/** The file input's accept list: the checkout's document types (spec P§9). */
export const ATTACHMENT_ACCEPT = PO_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Why a picked file cannot be attached (checked again, by content, in the CRM), or null. */
export function attachmentProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(PO_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `Attach a ${PO_FILE_EXTENSIONS.join(', ')} file.`;
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_PO_FILE_BYTES) return 'An attachment may be at most 10 MB.';
  return null;
}

/** The storefront's routes that take an attachment's chunks for a request or a case. */
export const requestAttachUrl = (requestId: string) =>
  `/api/requests/${encodeURIComponent(requestId)}/attachments`;
export const caseAttachUrl = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/attachments`;

/**
 * Sends the file in the CRM's chunks, in order, each a same-origin form post to the record's attach route;
 * answers the refusal a person reads, or null once the file is stored.
 */
export async function attachFile(url: string, file: File): Promise<string | null> {
  const chunks = base64Chunks(await readAsBase64(file));
  let uploadId = '';
  for (const [chunkIndex, fileContent] of chunks.entries()) {
    const body = new FormData();
    body.set('fileName', file.name);
    body.set('fileSize', String(file.size));
    body.set('chunkIndex', String(chunkIndex));
    body.set('chunkCount', String(chunks.length));
    body.set('fileContent', fileContent);
    if (uploadId) body.set('uploadId', uploadId);
    const response = await fetch(url, { method: 'POST', body });
    const answer = (await response.json().catch(() => null)) as {
      uploadId?: string;
      problem?: string;
    } | null;
    if (!response.ok || !answer?.uploadId) return answer?.problem ?? 'The file could not be attached.';
    uploadId = answer.uploadId;
  }
  return null;
}

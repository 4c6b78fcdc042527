/** What other capabilities use of files: they import it from here, never from its files. */
export {
  deleteAbandonedUploads,
  deleteQuoteFile,
  deleteUpload,
  type FileUploadRow,
  findFile,
  findFileMeta,
  heldFiles,
  insertUpload,
  putChunk,
  type QuoteFileMeta,
  quoteFilesOf,
  replaceQuoteFile,
  uploadChunks,
} from './queries/quote-files';
export {
  assembleChunks,
  type ChunkPlan,
  type ChunkProblem,
  chunkProblem,
  hasLapsed,
  isChunkProblem,
  planUpload,
  quotaProblem,
} from './rules/file-chunks';
export { checkFileContent, notWhatItSays, startsLike } from './rules/file-content';
export { sanitiseFileName } from './rules/file-names';

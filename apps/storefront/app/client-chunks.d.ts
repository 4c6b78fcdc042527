/** Built by build-plugins/client-chunks.ts: each dynamically imported module's browser chunks, by source path. */
declare module 'virtual:client-chunks' {
  const chunks: Readonly<Record<string, readonly string[]>>;
  export default chunks;
}

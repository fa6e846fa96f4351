// Published data travels as gzip-compressed JSON in base64 (icewidgets/publishing/payload.py's
// `pack`): the browser's own DecompressionStream unpacks it, in a page or a worker, offline.

/** The text of base64 gzip data. */
export async function gunzip(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

/**
 * docs/routes-and-loading.md "Chunk errors": a script chunk that fails to load raises webpack's `ChunkLoadError` ("Loading chunk
 * {id} failed."); a stylesheet chunk raises mini-css-extract-plugin's error with code
 * `CSS_CHUNK_LOAD_FAILED` ("Loading CSS chunk {id} failed."). Both reach the route error boundary
 * through React.lazy; this tells them apart from ordinary render errors.
 */
export type ChunkFailure = 'script' | 'stylesheet';

export function chunkFailureKind(error: unknown): ChunkFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  if (e.code === 'CSS_CHUNK_LOAD_FAILED') return 'stylesheet';
  if (e.name === 'ChunkLoadError') return 'script';
  if (typeof e.message === 'string' && /^Loading (CSS )?chunk \S+ failed/.test(e.message)) {
    return e.message.startsWith('Loading CSS') ? 'stylesheet' : 'script';
  }
  return null;
}

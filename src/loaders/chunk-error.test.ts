import { chunkFailureKind } from './chunk-error';

describe('chunkFailureKind (docs/routes-and-loading.md "Chunk errors")', () => {
  it('recognises webpack ChunkLoadError', () => {
    const e = Object.assign(new Error('Loading chunk 42 failed.\n(error: http://x/admin/42.abc.async.js)'), { name: 'ChunkLoadError' });
    expect(chunkFailureKind(e)).toBe('script');
  });

  it('recognises CSS_CHUNK_LOAD_FAILED', () => {
    const e = Object.assign(new Error('Loading CSS chunk 7 failed.\n(/admin/7.abc.chunk.css)'), { code: 'CSS_CHUNK_LOAD_FAILED' });
    expect(chunkFailureKind(e)).toBe('stylesheet');
  });

  it('leaves other errors alone', () => {
    expect(chunkFailureKind(new TypeError('x is undefined'))).toBeNull();
    expect(chunkFailureKind(null)).toBeNull();
    expect(chunkFailureKind('Loading chunk')).toBeNull();
  });
});

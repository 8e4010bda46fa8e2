// Float rows of a fixed width kept in shared chunks (one width per chunk): many vectors without an object apiece.

/** Bytes of one chunk (a row wider than that gets a chunk of its own). */
export const DEFAULT_CHUNK_BYTES = 256 * 1024;
/** A handle is chunk id × ROWS_PER_ID + row: room for 2^16 rows per chunk (a chunk of 1-float rows). */
const ROWS_PER_ID = 65_536;

interface Chunk {
  width: number;
  data: Float32Array;
  /** Rows given back, to be handed out again before any never-used row. */
  freed: number[];
  /** Rows [0, fresh) have been handed out at least once. */
  fresh: number;
  rows: number;
  live: number;
  /** Whether it is in its width's list of chunks with room. */
  listed: boolean;
}

/**
 * Rows handed out by handle, read as copies. A chunk is allocated only when asked (grow) and dropped as its last row is
 * released, so `bytes` is what the rows hold in memory, whatever mix of widths comes and goes.
 */
export class RowChunks {
  private readonly chunks: Array<Chunk | undefined> = [];
  private readonly spareIds: number[] = [];
  /** Per width, the ids of chunks that may have a free row. */
  private readonly withRoom = new Map<number, number[]>();
  /** Bytes of every allocated chunk. */
  bytes = 0;

  constructor(private readonly chunkBytes = DEFAULT_CHUNK_BYTES) {}

  /** Rows of this width per chunk. */
  rowsPerChunk(width: number): number {
    return Math.min(ROWS_PER_ID, Math.max(1, Math.floor(this.chunkBytes / (4 * width))));
  }

  /** Bytes the next chunk of this width takes. */
  bytesOfChunk(width: number): number {
    return this.rowsPerChunk(width) * width * 4;
  }

  /** A free row of this width, or -1 when every chunk of that width is full (grow or release first). */
  take(width: number): number {
    const ids = this.withRoom.get(width);
    while (ids && ids.length > 0) {
      const id = ids[ids.length - 1] as number;
      const chunk = this.chunks[id] as Chunk;
      const row =
        chunk.freed.length > 0 ? (chunk.freed.pop() as number) : chunk.fresh < chunk.rows ? chunk.fresh++ : -1;
      if (row >= 0) {
        chunk.live++;
        return id * ROWS_PER_ID + row;
      }
      ids.pop();
      chunk.listed = false;
    }
    return -1;
  }

  /** Allocates one more chunk of this width. */
  grow(width: number): void {
    const rows = this.rowsPerChunk(width);
    const id = this.spareIds.pop() ?? this.chunks.length;
    this.chunks[id] = { width, data: new Float32Array(rows * width), freed: [], fresh: 0, rows, live: 0, listed: true };
    this.bytes += rows * width * 4;
    const ids = this.withRoom.get(width);
    if (ids) ids.push(id);
    else this.withRoom.set(width, [id]);
  }

  write(handle: number, vector: Float32Array): void {
    const { chunk, start } = this.locate(handle);
    chunk.data.set(vector, start);
  }

  /** Copies of these rows, views of one new buffer: a row itself may be handed out again once released. */
  readMany(handles: readonly number[]): Float32Array[] {
    let floats = 0;
    for (const handle of handles) floats += this.locate(handle).chunk.width;
    const out = new Float32Array(floats);
    let at = 0;
    return handles.map((handle) => {
      const { chunk, start } = this.locate(handle);
      out.set(chunk.data.subarray(start, start + chunk.width), at);
      at += chunk.width;
      return out.subarray(at - chunk.width, at);
    });
  }

  /** Gives a row back; its chunk is dropped when that was its last row in use. */
  release(handle: number): void {
    const id = Math.floor(handle / ROWS_PER_ID);
    const chunk = this.chunks[id] as Chunk;
    chunk.live--;
    if (chunk.live === 0) {
      this.drop(id, chunk);
      return;
    }
    chunk.freed.push(handle % ROWS_PER_ID);
    if (!chunk.listed) {
      chunk.listed = true;
      (this.withRoom.get(chunk.width) as number[]).push(id);
    }
  }

  private drop(id: number, chunk: Chunk): void {
    this.chunks[id] = undefined;
    this.spareIds.push(id);
    this.bytes -= chunk.data.byteLength;
    if (!chunk.listed) return;
    const ids = this.withRoom.get(chunk.width) as number[];
    ids.splice(ids.indexOf(id), 1);
    if (ids.length === 0) this.withRoom.delete(chunk.width);
  }

  private locate(handle: number): { chunk: Chunk; start: number } {
    const chunk = this.chunks[Math.floor(handle / ROWS_PER_ID)] as Chunk;
    return { chunk, start: (handle % ROWS_PER_ID) * chunk.width };
  }
}

// Rewrites an ONNX file's large initializers as external data pointing into the same file, so onnxruntime maps them.
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';

/** Initializers of at least this many bytes are left in the file (memory-mapped) instead of being copied. */
export const MAPPED_INITIALIZER_MIN_BYTES = 1 << 20;

// Field numbers of onnx.proto: ModelProto.graph, GraphProto.initializer, TensorProto.raw_data / external_data /
// data_location, StringStringEntryProto.key / value; TensorProto.DataLocation.EXTERNAL.
const MODEL_GRAPH = 7;
const GRAPH_INITIALIZER = 5;
const TENSOR_RAW_DATA = 9;
const TENSOR_EXTERNAL_DATA = 13;
const TENSOR_DATA_LOCATION = 14;
const ENTRY_KEY = 1;
const ENTRY_VALUE = 2;
const DATA_LOCATION_EXTERNAL = 1;

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_BYTES = 2;
const WIRE_FIXED32 = 5;
const MAX_HEADER_BYTES = 20;

/** One protobuf field of the file: its number, wire type and byte range (header included), and its value's start. */
interface Field {
  number: number;
  wireType: number;
  start: number;
  valueStart: number;
  end: number;
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < bytes.length && i < at + 10; i++) {
    const byte = bytes[i] as number;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return { value, next: i + 1 };
    scale *= 0x80;
  }
  throw new Error('malformed ONNX file: truncated varint');
}

async function readRange(file: FileHandle, start: number, end: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(end - start);
  const { bytesRead } = await file.read(bytes, 0, bytes.length, start);
  if (bytesRead !== bytes.length) throw new Error('malformed ONNX file: a field runs past the end');
  return bytes;
}

/** The fields of the message in [start, end), reading only their headers. */
async function readFields(file: FileHandle, start: number, end: number): Promise<Field[]> {
  const fields: Field[] = [];
  for (let at = start; at < end;) {
    const header = await readRange(file, at, Math.min(end, at + MAX_HEADER_BYTES));
    const tag = readVarint(header, 0);
    const wireType = tag.value % 8;
    let valueStart = at + tag.next;
    let fieldEnd: number;
    if (wireType === WIRE_VARINT) fieldEnd = at + readVarint(header, tag.next).next;
    else if (wireType === WIRE_FIXED64) fieldEnd = valueStart + 8;
    else if (wireType === WIRE_FIXED32) fieldEnd = valueStart + 4;
    else if (wireType === WIRE_BYTES) {
      const length = readVarint(header, tag.next);
      valueStart = at + length.next;
      fieldEnd = valueStart + length.value;
    } else throw new Error(`malformed ONNX file: wire type ${wireType}`);
    if (fieldEnd > end) throw new Error('malformed ONNX file: a field runs past its message');
    fields.push({ number: Math.floor(tag.value / 8), wireType, start: at, valueStart, end: fieldEnd });
    at = fieldEnd;
  }
  return fields;
}

function bytesField(number: number, value: Uint8Array | number[]): number[] {
  return [...varint(number * 8 + WIRE_BYTES), ...varint(value.length), ...value];
}

function externalDataEntry(key: string, value: string): number[] {
  const encoder = new TextEncoder();
  const entry = [...bytesField(ENTRY_KEY, encoder.encode(key)), ...bytesField(ENTRY_VALUE, encoder.encode(value))];
  return bytesField(TENSOR_EXTERNAL_DATA, entry);
}

type Level = 'model' | 'graph' | 'tensor';

interface Rewrite {
  file: FileHandle;
  location: string;
  mapped: number;
}

/** The message in [start, end) re-encoded, with large raw_data of initializers replaced by external data entries. */
async function rewrite(state: Rewrite, level: Level, start: number, end: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (const field of await readFields(state.file, start, end)) {
    const child =
      field.wireType !== WIRE_BYTES
        ? undefined
        : level === 'model' && field.number === MODEL_GRAPH
          ? 'graph'
          : level === 'graph' && field.number === GRAPH_INITIALIZER
            ? 'tensor'
            : undefined;
    const length = field.end - field.valueStart;
    if (child) {
      const body = await rewrite(state, child, field.valueStart, field.end);
      parts.push(Uint8Array.from([...varint(field.number * 8 + WIRE_BYTES), ...varint(body.length)]), body);
    } else if (level === 'tensor' && field.number === TENSOR_RAW_DATA && length >= MAPPED_INITIALIZER_MIN_BYTES) {
      const entries = [
        ...externalDataEntry('location', state.location),
        ...externalDataEntry('offset', String(field.valueStart)),
        ...externalDataEntry('length', String(length)),
        ...varint(TENSOR_DATA_LOCATION * 8 + WIRE_VARINT),
        DATA_LOCATION_EXTERNAL,
      ];
      parts.push(Uint8Array.from(entries));
      state.mapped += length;
    } else parts.push(await readRange(state.file, field.start, field.end));
  }
  return Buffer.concat(parts);
}

/**
 * The model at path as bytes whose initializers of ≥ 1 MiB are external data located in path itself (at the offsets of
 * their raw_data), with how many bytes that leaves in the file; undefined when no initializer is that large. Only the
 * small fields are read. onnxruntime memory-maps external data on the CPU (file-backed pages: only the rows a Gather
 * reads become resident, and the kernel may drop them again); the session needs
 * `session.model_external_initializers_file_folder_path` set to path's folder.
 */
export async function withMappedInitializers(path: string): Promise<{ bytes: Uint8Array; mapped: number } | undefined> {
  const file = await open(path, 'r');
  try {
    const state: Rewrite = { file, location: basename(path), mapped: 0 };
    const bytes = await rewrite(state, 'model', 0, (await file.stat()).size);
    return state.mapped > 0 ? { bytes, mapped: state.mapped } : undefined;
  } finally {
    await file.close();
  }
}

// Small helpers to write ONNX graphs as plain ModelProto objects: tensors, nodes, attributes, value infos.
import { endianness } from 'node:os';
import { OnnxAttributeType, OnnxDataType } from './onnx-proto.js';

export type TensorValues = Float32Array | BigInt64Array | Int8Array | Uint8Array;

const LITTLE_ENDIAN = endianness() === 'LE';

/** The values as little-endian bytes (a view, no copy, on little-endian machines). */
export function littleEndian(values: TensorValues): Uint8Array {
  if (LITTLE_ENDIAN || values.BYTES_PER_ELEMENT === 1)
    return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.byteLength);
  const view = new DataView(out.buffer);
  if (values instanceof Float32Array) values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  else if (values instanceof BigInt64Array) values.forEach((v, i) => view.setBigInt64(i * 8, v, true));
  return out;
}

function dataType(values: TensorValues): number {
  if (values instanceof Float32Array) return OnnxDataType.FLOAT;
  if (values instanceof BigInt64Array) return OnnxDataType.INT64;
  if (values instanceof Int8Array) return OnnxDataType.INT8;
  return OnnxDataType.UINT8;
}

/** An initializer tensor. */
export function tensor(name: string, dims: number[], values: TensorValues) {
  return { name, dims, data_type: dataType(values), raw_data: littleEndian(values) };
}

/** A scalar or 1-D int64 initializer. */
export function int64s(name: string, values: number[], scalar = false) {
  return tensor(name, scalar ? [] : [values.length], BigInt64Array.from(values.map(BigInt)));
}

/** A scalar float initializer. */
export function float(name: string, value: number) {
  return tensor(name, [], Float32Array.of(value));
}

export const attr = {
  int: (name: string, i: number) => ({ name, type: OnnxAttributeType.INT, i }),
  float: (name: string, f: number) => ({ name, type: OnnxAttributeType.FLOAT, f }),
  ints: (name: string, ints: number[]) => ({ name, type: OnnxAttributeType.INTS, ints }),
};

export interface GraphNode {
  op_type: string;
  name: string;
  input: string[];
  output: string[];
  attribute: object[];
  domain?: string;
}

/** A node named after its first output. */
export function node(
  opType: string,
  inputs: string[],
  outputs: string[],
  attribute: object[] = [],
  domain?: string,
): GraphNode {
  return {
    op_type: opType,
    name: `${opType}_${outputs[0]}`,
    input: inputs,
    output: outputs,
    attribute,
    ...(domain ? { domain } : {}),
  };
}

/** A graph input or output; string dims are symbolic (dim_param). */
export function valueInfo(name: string, elemType: number, dims: Array<string | number>) {
  const dim = dims.map((d) => (typeof d === 'string' ? { dim_param: d } : { dim_value: d }));
  return { name, type: { tensor_type: { elem_type: elemType, shape: { dim } } } };
}

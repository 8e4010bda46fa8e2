// The subset of onnx.proto (field numbers as in onnx/onnx.proto) needed to write ONNX models from Node and read ours back.
import protobuf from 'protobufjs/light.js';

/** ONNX TensorProto.DataType values used here. */
export const OnnxDataType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const;

/** ONNX AttributeProto.AttributeType values used here. */
export const OnnxAttributeType = { FLOAT: 1, INT: 2, INTS: 7 } as const;

const descriptor: protobuf.INamespace = {
  nested: {
    onnx: {
      nested: {
        OperatorSetIdProto: {
          fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } },
        },
        StringStringEntryProto: {
          fields: { key: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } },
        },
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            data_type: { type: 'int32', id: 2 },
            name: { type: 'string', id: 8 },
            raw_data: { type: 'bytes', id: 9 },
            doc_string: { type: 'string', id: 12 },
            external_data: { rule: 'repeated', type: 'StringStringEntryProto', id: 13 },
            data_location: { type: 'int32', id: 14 },
          },
        },
        AttributeProto: {
          fields: {
            name: { type: 'string', id: 1 },
            f: { type: 'float', id: 2 },
            i: { type: 'int64', id: 3 },
            ints: { rule: 'repeated', type: 'int64', id: 8 },
            type: { type: 'int32', id: 20 },
          },
        },
        NodeProto: {
          fields: {
            input: { rule: 'repeated', type: 'string', id: 1 },
            output: { rule: 'repeated', type: 'string', id: 2 },
            name: { type: 'string', id: 3 },
            op_type: { type: 'string', id: 4 },
            attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
            domain: { type: 'string', id: 7 },
          },
        },
        TensorShapeProto: {
          fields: { dim: { rule: 'repeated', type: 'Dimension', id: 1 } },
          nested: {
            Dimension: {
              oneofs: { value: { oneof: ['dim_value', 'dim_param'] } },
              fields: { dim_value: { type: 'int64', id: 1 }, dim_param: { type: 'string', id: 2 } },
            },
          },
        },
        TypeProto: {
          oneofs: { value: { oneof: ['tensor_type'] } },
          fields: { tensor_type: { type: 'Tensor', id: 1 } },
          nested: {
            Tensor: {
              fields: { elem_type: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } },
            },
          },
        },
        ValueInfoProto: {
          fields: {
            name: { type: 'string', id: 1 },
            type: { type: 'TypeProto', id: 2 },
            doc_string: { type: 'string', id: 3 },
          },
        },
        GraphProto: {
          fields: {
            node: { rule: 'repeated', type: 'NodeProto', id: 1 },
            name: { type: 'string', id: 2 },
            initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
            doc_string: { type: 'string', id: 10 },
            input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
            output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
          },
        },
        ModelProto: {
          fields: {
            ir_version: { type: 'int64', id: 1 },
            producer_name: { type: 'string', id: 2 },
            producer_version: { type: 'string', id: 3 },
            domain: { type: 'string', id: 4 },
            model_version: { type: 'int64', id: 5 },
            doc_string: { type: 'string', id: 6 },
            graph: { type: 'GraphProto', id: 7 },
            opset_import: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 },
            metadata_props: { rule: 'repeated', type: 'StringStringEntryProto', id: 14 },
          },
        },
      },
    },
  },
};

const root = protobuf.Root.fromJSON(descriptor);

/** The reflected onnx.ModelProto message type. */
export const ModelProto: protobuf.Type = root.lookupType('onnx.ModelProto');

/** Serialises a plain-object ModelProto (snake_case field names) to protobuf bytes. */
export function encodeModel(model: Record<string, unknown>): Uint8Array {
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`invalid ONNX model: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

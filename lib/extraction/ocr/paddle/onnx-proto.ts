/**
 * Just enough of ONNX's protobuf encoding to rewrite a model's nodes (graph-folding.ts): a message is read as its
 * fields in order, each kept as the bytes it was written with, so whatever is not rewritten is written back exactly.
 * Field numbers are onnx.proto's.
 */

/** One field of a message: its number, wire type and payload (for length-delimited fields, the bytes inside). */
export type ProtoField = { no: number; wire: number; payload: Uint8Array; raw: Uint8Array };

const VARINT = 0;
const FIXED64 = 1;
const BYTES = 2;
const FIXED32 = 5;

function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  let i = at;
  for (;;) {
    const byte = bytes[i]!;
    i += 1;
    // Numbers past 2^53 (an int64 "until the end" of a Slice) lose precision here; only small ones are read as numbers.
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return { value, next: i };
  }
}

export function readFields(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  while (at < bytes.length) {
    const start = at;
    const tag = readVarint(bytes, at);
    at = tag.next;
    const wire = tag.value % 8;
    const no = Math.floor(tag.value / 8);
    let payload: Uint8Array;
    if (wire === VARINT) {
      const value = readVarint(bytes, at);
      payload = bytes.subarray(at, value.next);
      at = value.next;
    } else if (wire === BYTES) {
      const length = readVarint(bytes, at);
      payload = bytes.subarray(length.next, length.next + length.value);
      at = length.next + length.value;
    } else if (wire === FIXED32 || wire === FIXED64) {
      const size = wire === FIXED32 ? 4 : 8;
      payload = bytes.subarray(at, at + size);
      at += size;
    } else {
      throw new Error(`Unsupported protobuf wire type ${wire}`);
    }
    fields.push({ no, wire, payload, raw: bytes.subarray(start, at) });
  }
  return fields;
}

export const varintOf = (field: ProtoField): number => readVarint(field.payload, 0).value;
export const textOf = (field: ProtoField): string => new TextDecoder().decode(field.payload);
export const floatOf = (field: ProtoField): number => new DataView(field.payload.buffer, field.payload.byteOffset, 4).getFloat32(0, true);

/** The varints of a repeated integer field, packed or not. */
export function varintsOf(fields: ProtoField[], no: number): number[] {
  const out: number[] = [];
  for (const field of fields) {
    if (field.no !== no) continue;
    if (field.wire === VARINT) {
      out.push(varintOf(field));
      continue;
    }
    for (let at = 0; at < field.payload.length; ) {
      const value = readVarint(field.payload, at);
      out.push(value.value);
      at = value.next;
    }
  }
  return out;
}

function varintBytes(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Encoded bytes as a list of pieces, joined once at the end (`concatBytes`): a model's weights are not copied again at
 * every level of nesting (tensor, attribute, node, graph, model), which held ~80 MB of garbage when a session loaded.
 */
export type Pieces = Uint8Array[];

const piecesLength = (pieces: Pieces) => pieces.reduce((sum, piece) => sum + piece.length, 0);

/** A length-delimited field (a string, bytes or a nested message). */
export function bytesField(no: number, payload: Pieces | Uint8Array | string): Pieces {
  const pieces = typeof payload === "string" ? [new TextEncoder().encode(payload)] : payload instanceof Uint8Array ? [payload] : payload;
  return [Uint8Array.from([...varintBytes(no * 8 + BYTES), ...varintBytes(piecesLength(pieces))]), ...pieces];
}

export function varintField(no: number, value: number): Pieces {
  return [Uint8Array.from([...varintBytes(no * 8 + VARINT), ...varintBytes(value)])];
}

export function floatField(no: number, value: number): Pieces {
  const out = new Uint8Array([...varintBytes(no * 8 + FIXED32), 0, 0, 0, 0]);
  new DataView(out.buffer).setFloat32(out.length - 4, value, true);
  return [out];
}

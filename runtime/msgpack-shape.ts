/**
 * A bounded pre-scan of msgpack bytes, run before they are decoded: one pass over the items,
 * no allocation, no recursion. The decoder trusts the counts it reads (an array of 20 million
 * empty maps takes 20 MB of bytes and over a gigabyte once decoded), so the scan refuses what a
 * tree file never holds: more items in all than `maxItems`, nesting deeper than `maxDepth`, a
 * string longer than `maxStringBytes`, a count or length larger than the bytes left, extension
 * types (but msgpackr's `undefined`), the reserved byte 0xc1, bytes after the value, or a value
 * cut short.
 */

export interface MsgpackLimits {
  /** Items in all (each array, map, key and value counts one). */
  readonly maxItems: number;
  /** Arrays and maps inside each other. */
  readonly maxDepth: number;
  /** Bytes of any one string (binary values are bounded by the bytes alone). */
  readonly maxStringBytes: number;
  /**
   * Whether extension types are let through (their payloads are bounded by the bytes alone):
   * the job queue's messages carry typed arrays as msgpackr's extensions; a tree file never does.
   */
  readonly anyExtension?: boolean;
}

/** Undefined when `bytes` is one msgpack value within `limits`, else what is wrong with it. */
export function msgpackShapeProblem(bytes: Uint8Array, limits: MsgpackLimits): string | undefined {
  const end = bytes.length;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Items still to read in each open array or map, innermost last.
  const open = new Float64Array(limits.maxDepth + 1);
  let depth = 0;
  open[0] = 1;
  let items = 0;
  let at = 0;
  const need = (n: number): boolean => n <= end - at;
  while (depth >= 0) {
    if (open[depth] === 0) {
      depth--;
      continue;
    }
    open[depth]--;
    if (++items > limits.maxItems) return `more than ${limits.maxItems} items`;
    if (at >= end) return 'it ends inside a value';
    const t = bytes[at++];
    let children = 0;
    let length = 0;
    if (t <= 0x7f || t >= 0xe0 || t === 0xc0 || t === 0xc2 || t === 0xc3) {
      // a small integer, nil, false or true: the byte alone
    } else if (t >= 0x80 && t <= 0x8f) children = 2 * (t & 0x0f);
    else if (t >= 0x90 && t <= 0x9f) children = t & 0x0f;
    else if (t >= 0xa0 && t <= 0xbf) length = t & 0x1f;
    else {
      switch (t) {
        case 0xcc:
        case 0xd0:
          length = 1;
          break;
        case 0xcd:
        case 0xd1:
          length = 2;
          break;
        case 0xca:
        case 0xce:
        case 0xd2:
          length = 4;
          break;
        case 0xcb:
        case 0xcf:
        case 0xd3:
          length = 8;
          break;
        case 0xc4:
        case 0xd9:
          if (!need(1)) return 'it ends inside a value';
          length = bytes[at];
          at += 1;
          break;
        case 0xc5:
        case 0xda:
          if (!need(2)) return 'it ends inside a value';
          length = dv.getUint16(at);
          at += 2;
          break;
        case 0xc6:
        case 0xdb:
          if (!need(4)) return 'it ends inside a value';
          length = dv.getUint32(at);
          at += 4;
          break;
        case 0xdc:
        case 0xde:
          if (!need(2)) return 'it ends inside a value';
          children = dv.getUint16(at) * (t === 0xde ? 2 : 1);
          at += 2;
          break;
        case 0xdd:
        case 0xdf:
          if (!need(4)) return 'it ends inside a value';
          children = dv.getUint32(at) * (t === 0xdf ? 2 : 1);
          at += 4;
          break;
        case 0xd4:
          // fixext 1 of type 0 is how msgpackr writes `undefined`; other extensions never appear.
          if (!need(2)) return 'it ends inside a value';
          if (bytes[at] !== 0 && !limits.anyExtension)
            return `extension type ${bytes[at]} at byte ${at} is not one a tree file uses`;
          length = 2;
          break;
        default:
          if (limits.anyExtension) {
            const ext = extensionLength(t, bytes, at, dv);
            if (ext === -1) return 'it ends inside a value';
            if (ext !== undefined) {
              at += ext.header;
              length = ext.payload;
              break;
            }
          }
          return `type byte 0x${t.toString(16)} at byte ${at - 1} is not one a tree file uses`;
      }
      if (t >= 0xd9 && t <= 0xdb && length > limits.maxStringBytes)
        return `a string of ${length} bytes at byte ${at} (at most ${limits.maxStringBytes})`;
    }
    if (length > 0) {
      if (!need(length)) return `a value at byte ${at} claims ${length} bytes, more than the ${end - at} left`;
      at += length;
    }
    if (children > 0) {
      // Every item takes at least a byte: a count larger than the bytes left is refused unread.
      if (!need(children)) return `a count of ${children} at byte ${at} is more than the ${end - at} bytes left`;
      if (depth === limits.maxDepth) return `values nested deeper than ${limits.maxDepth}`;
      open[++depth] = children;
    }
  }
  if (at !== end) return `${end - at} bytes after the value`;
  return undefined;
}

/**
 * The header bytes after the type byte and the payload bytes (type byte included) of the
 * extension types other than fixext 1: undefined when `t` is not one, -1 when cut short.
 */
function extensionLength(
  t: number,
  bytes: Uint8Array,
  at: number,
  dv: DataView,
): { header: number; payload: number } | -1 | undefined {
  const left = bytes.length - at;
  switch (t) {
    case 0xd5:
      return { header: 0, payload: 3 };
    case 0xd6:
      return { header: 0, payload: 5 };
    case 0xd7:
      return { header: 0, payload: 9 };
    case 0xd8:
      return { header: 0, payload: 17 };
    case 0xc7:
      return left < 1 ? -1 : { header: 1, payload: bytes[at] + 1 };
    case 0xc8:
      return left < 2 ? -1 : { header: 2, payload: dv.getUint16(at) + 1 };
    case 0xc9:
      return left < 4 ? -1 : { header: 4, payload: dv.getUint32(at) + 1 };
    default:
      return undefined;
  }
}

/**
 * Queue messages are scanned before they are decoded: anyone who can write to the queue can
 * write one, so a message that would decode into far more than its bytes is refused unread,
 * while every shape the pool sends (typed arrays, nested plans, word lists) round-trips.
 */
import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../compiler/pool/queue-shared.js';

describe('queue messages', () => {
  it('round-trip typed arrays, nested plans, strings and undefined', () => {
    let plan: unknown = { value: 1, guess: 7, codes: new Uint32Array(0), children: [] };
    for (let d = 0; d < 40; d++) plan = { value: d, guess: d, codes: new Uint32Array([d]), children: [plan] };
    const message = {
      set: new Uint32Array([3, 1, 4, 1, 5]),
      bounds: new Float64Array(2_000).fill(0.5),
      table: new Uint8Array(100_000).fill(9),
      words: Array.from({ length: 20_000 }, (_, i) => `w${i}`),
      none: undefined,
      plan,
    };
    const back = decode<typeof message>(encode(message));
    expect(back.set).toEqual(message.set);
    expect(back.bounds).toEqual(message.bounds);
    expect(back.table).toEqual(message.table);
    expect(back.words).toEqual(message.words);
    expect('none' in back && back.none === undefined).toBe(true);
    expect(back.plan).toEqual(plan);
  });

  it('refuses a count larger than the bytes left, before decoding', () => {
    const bytes = Buffer.alloc(1_000_005, 0x80);
    bytes[0] = 0xdd; // array 32
    bytes.writeUInt32BE(2_000_000, 1);
    expect(() => decode(bytes)).toThrow(/a count of 2000000 at byte 5 is more than the 1000000 bytes left/);
  });

  it('refuses more items than a message may hold, however few bytes each takes', () => {
    const n = 8_000_001;
    const bytes = Buffer.alloc(n + 5, 0x80); // n empty maps
    bytes[0] = 0xdd;
    bytes.writeUInt32BE(n, 1);
    expect(() => decode(bytes)).toThrow(/more than 8000000 items/);
  });

  it('refuses nesting deeper than any plan', () => {
    const bytes = Buffer.alloc(1_000, 0x91); // arrays of one array, ...
    bytes[999] = 0xc0;
    expect(() => decode(bytes)).toThrow(/nested deeper than 256/);
  });

  it('refuses an extension cut short', () => {
    expect(() => decode(Buffer.from([0xc8, 0x00]))).toThrow(/ends inside a value/);
  });
});

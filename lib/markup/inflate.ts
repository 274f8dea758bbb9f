/*
 * Raw DEFLATE (RFC 1951) decoding, small and synchronous, for packed page fragments (html-fragment.ts): they
 * need neither the worker nor the streaming code a general library brings into the browser with it
 * (docs/architecture.md, "Measurements"). After tiny-inflate (MIT, © 2015-present Devon Govett), itself
 * after Jørgen Ibsen's tinf, with what those leave out: reading past the input, writing past the announced
 * length, a distance before the start or an invalid code throws, so damaged data can never loop or insert
 * part of a page.
 */

class Tree {
  /** How many codes there are of each length. */
  readonly table = new Uint16Array(16);
  /** Code to symbol, in code order. */
  readonly trans = new Uint16Array(288);
}

const LENGTH_BITS = new Uint8Array(30);
const LENGTH_BASE = new Uint16Array(30);
const DIST_BITS = new Uint8Array(30);
const DIST_BASE = new Uint16Array(30);
/** The order in which a dynamic block lists its code-length code lengths. */
const CODE_LENGTH_ORDER = new Uint8Array([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

function bitsAndBases(bits: Uint8Array, base: Uint16Array, delta: number, first: number) {
  for (let index = 0; index < 30 - delta; index += 1) bits[index + delta] = (index / delta) | 0;
  for (let index = 0, sum = first; index < 30; index += 1) {
    base[index] = sum;
    sum += 1 << bits[index]!;
  }
}
bitsAndBases(LENGTH_BITS, LENGTH_BASE, 4, 3);
bitsAndBases(DIST_BITS, DIST_BASE, 2, 1);
LENGTH_BITS[28] = 0;
LENGTH_BASE[28] = 258;

const FIXED_LENGTHS = new Tree();
const FIXED_DISTANCES = new Tree();
FIXED_LENGTHS.table.set([0, 0, 0, 0, 0, 0, 0, 24, 152, 112]);
for (let index = 0; index < 24; index += 1) FIXED_LENGTHS.trans[index] = 256 + index;
for (let index = 0; index < 144; index += 1) FIXED_LENGTHS.trans[24 + index] = index;
for (let index = 0; index < 8; index += 1) FIXED_LENGTHS.trans[168 + index] = 280 + index;
for (let index = 0; index < 112; index += 1) FIXED_LENGTHS.trans[176 + index] = 144 + index;
FIXED_DISTANCES.table[5] = 32;
for (let index = 0; index < 32; index += 1) FIXED_DISTANCES.trans[index] = index;

function buildTree(tree: Tree, lengths: Uint8Array, offset: number, count: number) {
  const offsets = new Uint16Array(16);
  tree.table.fill(0);
  for (let index = 0; index < count; index += 1) tree.table[lengths[offset + index]!]! += 1;
  tree.table[0] = 0;
  for (let length = 0, sum = 0; length < 16; length += 1) {
    offsets[length] = sum;
    sum += tree.table[length]!;
  }
  for (let index = 0; index < count; index += 1) {
    const length = lengths[offset + index]!;
    if (length) tree.trans[offsets[length]!++] = index;
  }
}

class Inflater {
  private index = 0;
  private tag = 0;
  private bitCount = 0;
  /** How many bytes have been written to `dest`. */
  private length = 0;

  constructor(
    private readonly source: Uint8Array,
    private readonly dest: Uint8Array,
  ) {}

  private nextByte(): number {
    if (this.index >= this.source.length) throw new Error('Packed data ends early.');
    return this.source[this.index++]!;
  }

  private bit(): number {
    if (this.bitCount === 0) {
      this.tag = this.nextByte();
      this.bitCount = 8;
    }
    const bit = this.tag & 1;
    this.tag >>>= 1;
    this.bitCount -= 1;
    return bit;
  }

  private bits(count: number, base: number): number {
    let value = 0;
    for (let index = 0; index < count; index += 1) value |= this.bit() << index;
    return value + base;
  }

  private symbol(tree: Tree): number {
    let sum = 0;
    let code = 0;
    for (let length = 1; length < 16; length += 1) {
      code = 2 * code + this.bit();
      sum += tree.table[length]!;
      code -= tree.table[length]!;
      if (code < 0) return tree.trans[sum + code]!;
    }
    throw new Error('Packed data has an invalid code.');
  }

  private put(byte: number) {
    if (this.length >= this.dest.length) throw new Error('Packed data is longer than announced.');
    this.dest[this.length++] = byte;
  }

  private dynamicTrees(lengthTree: Tree, distanceTree: Tree) {
    const literalCount = this.bits(5, 257);
    const distanceCount = this.bits(5, 1);
    const codeLengthCount = this.bits(4, 4);
    const lengths = new Uint8Array(288 + 32);
    for (let index = 0; index < codeLengthCount; index += 1) lengths[CODE_LENGTH_ORDER[index]!] = this.bits(3, 0);
    const codeTree = new Tree();
    buildTree(codeTree, lengths, 0, 19);
    lengths.fill(0, 0, 19);
    const total = literalCount + distanceCount;
    for (let count = 0; count < total; ) {
      const symbol = this.symbol(codeTree);
      let repeat = 1;
      let value = symbol;
      if (symbol === 16) {
        if (count === 0) throw new Error('Packed data has an invalid code.');
        value = lengths[count - 1]!;
        repeat = this.bits(2, 3);
      } else if (symbol === 17) {
        value = 0;
        repeat = this.bits(3, 3);
      } else if (symbol === 18) {
        value = 0;
        repeat = this.bits(7, 11);
      }
      if (count + repeat > total) throw new Error('Packed data has an invalid code.');
      lengths.fill(value, count, count + repeat);
      count += repeat;
    }
    buildTree(lengthTree, lengths, 0, literalCount);
    buildTree(distanceTree, lengths, literalCount, distanceCount);
  }

  private blockData(lengthTree: Tree, distanceTree: Tree) {
    for (;;) {
      let symbol = this.symbol(lengthTree);
      if (symbol === 256) return;
      if (symbol < 256) {
        this.put(symbol);
        continue;
      }
      symbol -= 257;
      if (symbol >= 29) throw new Error('Packed data has an invalid code.');
      const length = this.bits(LENGTH_BITS[symbol]!, LENGTH_BASE[symbol]!);
      const distanceSymbol = this.symbol(distanceTree);
      if (distanceSymbol >= 30) throw new Error('Packed data has an invalid code.');
      const from = this.length - this.bits(DIST_BITS[distanceSymbol]!, DIST_BASE[distanceSymbol]!);
      if (from < 0) throw new Error('Packed data refers before its start.');
      for (let index = from; index < from + length; index += 1) this.put(this.dest[index]!);
    }
  }

  private storedBlock() {
    // A stored block starts at the next byte boundary.
    this.bitCount = 0;
    const length = this.nextByte() | (this.nextByte() << 8);
    const inverse = this.nextByte() | (this.nextByte() << 8);
    if (length !== (~inverse & 0xffff)) throw new Error('Packed data has a damaged block.');
    for (let index = 0; index < length; index += 1) this.put(this.nextByte());
  }

  run(): Uint8Array {
    let last = 0;
    do {
      last = this.bit();
      const type = this.bits(2, 0);
      if (type === 0) this.storedBlock();
      else if (type === 1) this.blockData(FIXED_LENGTHS, FIXED_DISTANCES);
      else if (type === 2) {
        const lengthTree = new Tree();
        const distanceTree = new Tree();
        this.dynamicTrees(lengthTree, distanceTree);
        this.blockData(lengthTree, distanceTree);
      } else throw new Error('Packed data has a damaged block.');
    } while (!last);
    if (this.length !== this.dest.length) throw new Error('Packed data is shorter than announced.');
    return this.dest;
  }
}

/** Inflates raw DEFLATE data that announced its length (`length` bytes exactly, or it throws). */
export function inflateRaw(source: Uint8Array, length: number): Uint8Array {
  return new Inflater(source, new Uint8Array(length)).run();
}

/** Walking a compiled tree: no search, a binary search over a node's edges per reply. */

import type { TreeArrays } from './tree-types.js';

export type { TreeArrays } from './tree-types.js';

export const NO_CHILD = -1;

export function childOf(tree: TreeArrays, node: number, code: number): number {
  let lo = tree.edgeStart[node];
  let hi = tree.edgeStart[node + 1] - 1;
  const codes = tree.edgeCode;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = codes[mid];
    if (c === code) return tree.edgeChild[mid];
    if (c < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return NO_CHILD;
}

export function edgeCount(tree: TreeArrays, node: number): number {
  return tree.edgeStart[node + 1] - tree.edgeStart[node];
}

/** Depth of every node (root = 1: the attempt number of its guess). */
export function nodeDepths(tree: TreeArrays): Uint16Array {
  const n = tree.guess.length;
  const depth = new Uint16Array(n);
  depth[0] = 1;
  for (let v = 0; v < n; v++) {
    for (let e = tree.edgeStart[v]; e < tree.edgeStart[v + 1]; e++) {
      depth[tree.edgeChild[e]] = depth[v] + 1;
    }
  }
  return depth;
}

/**
 * A plan is the search's result for one set of candidates: the guess, its exact value and the
 * plans of the non-solved replies. Flattened into tree arrays once the search is done.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';

export interface Plan {
  readonly value: number;
  readonly guess: number;
  /** Replies (ascending) other than the solved one, each with its plan; empty for a leaf. */
  readonly codes: Uint32Array;
  readonly children: readonly Plan[];
}

export const EMPTY_CODES = new Uint32Array(0);

export function leafPlan(guess: number, value: number): Plan {
  return { value, guess, codes: EMPTY_CODES, children: [] };
}

/** A plan playing `guess` whose non-solved replies `codes` (ascending) lead to `children` (a leaf when there are none). */
export function branchPlan(guess: number, value: number, codes: Uint32Array, children: readonly Plan[]): Plan {
  return { value, guess, codes: children.length ? codes : EMPTY_CODES, children };
}

/** A plan with its cost and depth (the engine's `Solved`). */
export interface CostedPlan {
  readonly cost: number;
  readonly depth: number;
  readonly plan: Plan;
}

/**
 * The one plan assembler: `guess` at a set, its non-solved replies `codes` (ascending) leading
 * to `parts[0 .. count)`, costing `cost` in all; one level deeper than its deepest part.
 */
export function joinPlan(
  guess: number,
  cost: number,
  codes: Uint32Array,
  parts: ArrayLike<CostedPlan | null>,
  count = parts.length,
): CostedPlan {
  const children = new Array<Plan>(count);
  let depth = 1;
  for (let i = 0; i < count; i++) {
    const v = parts[i] as CostedPlan;
    children[i] = v.plan;
    if (v.depth + 1 > depth) depth = v.depth + 1;
  }
  return { cost, depth, plan: { value: cost, guess, codes: count ? codes : EMPTY_CODES, children } };
}

/** Preorder flattening into the tree file's arrays. Shared (memoized) subplans are copied. */
export function flattenPlan(root: Plan): TreeArrays {
  let nodes = 0;
  let edges = 0;
  const count = (p: Plan) => {
    nodes++;
    edges += p.children.length;
    for (const c of p.children) count(c);
  };
  count(root);
  const guess = new Uint32Array(nodes);
  const edgeStart = new Uint32Array(nodes + 1);
  const edgeCode = new Uint32Array(edges);
  const edgeChild = new Uint32Array(edges);
  let nextNode = 0;
  let nextEdge = 0;
  // Iterative preorder: a node's edges are reserved when it is visited; children then get
  // consecutive node numbers in the order of the stack.
  const visit = (p: Plan): number => {
    const id = nextNode++;
    guess[id] = p.guess;
    const first = nextEdge;
    edgeStart[id] = first;
    nextEdge += p.children.length;
    for (let i = 0; i < p.children.length; i++) {
      edgeCode[first + i] = p.codes[i];
      edgeChild[first + i] = visit(p.children[i]);
    }
    return id;
  };
  visit(root);
  // edgeStart must be monotone: a node's edges are reserved before its children's.
  edgeStart[nodes] = edges;
  return { guess, edgeStart, edgeCode, edgeChild };
}

/**
 * The one tree graft: a root playing `guess` whose reply `codes[i]` leads to `subtrees[i]`
 * (codes ascending), in preorder: exactly what flattening the whole plan gives.
 */
export function graftTrees(guess: number, codes: ArrayLike<number>, subtrees: readonly TreeArrays[]): TreeArrays {
  let nodes = 1;
  let edges = subtrees.length;
  for (const t of subtrees) {
    nodes += t.guess.length;
    edges += t.edgeCode.length;
  }
  const out = {
    guess: new Uint32Array(nodes),
    edgeStart: new Uint32Array(nodes + 1),
    edgeCode: new Uint32Array(edges),
    edgeChild: new Uint32Array(edges),
  };
  out.guess[0] = guess;
  let node = 1;
  let edge = subtrees.length;
  subtrees.forEach((t, i) => {
    out.edgeCode[i] = codes[i];
    out.edgeChild[i] = node;
    const n = t.guess.length;
    for (let v = 0; v < n; v++) {
      out.guess[node + v] = t.guess[v];
      out.edgeStart[node + v] = edge + t.edgeStart[v];
    }
    for (let e = 0; e < t.edgeCode.length; e++) {
      out.edgeCode[edge + e] = t.edgeCode[e];
      out.edgeChild[edge + e] = node + t.edgeChild[e];
    }
    node += n;
    edge += t.edgeCode.length;
  });
  out.edgeStart[nodes] = edges;
  return out;
}

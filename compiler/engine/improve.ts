/**
 * Improving a known tree: its subtrees re-solved by another search, each under the key its own
 * subtree has, and grafted back where the search found a better one. Pure: the pool runs the
 * searches (compiler/pool/improve.ts), this lays them out and puts the tree back together.
 *
 * The targets are the tree's largest nodes of at most `upTo` secrets (a node whose parent has
 * more), and only those of more than `above` secrets (smaller ones the known tree's search solved
 * as well already). A target's search is strictly better than its known subtree or finds nothing,
 * so the tree never gets worse; an exact search makes every target optimal, which also covers the
 * nodes below it. Targets are in preorder; the result depends only on the known tree and the
 * searches' answers, whatever the order they come in.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import { childOf } from '../../runtime/tree-walker.js';
import type { SearchEngine } from './search.js';
import type { SearchNode } from './types.js';

/** A node of the known tree to search again: its set, search node and subtree's cost, depth and key. */
export interface ImproveTarget<S> {
  /** Its node in the known tree. */
  readonly at: number;
  readonly set: Uint32Array;
  readonly node: SearchNode<S>;
  readonly cost: number;
  readonly depth: number;
  /** Its subtree's key: a search under it finds only a better subtree. */
  readonly key: number;
}

/** Which nodes are targets: the largest of at most `upTo` secrets, of more than `above`. */
export interface ImproveSpec {
  readonly above: number;
  readonly upTo: number;
}

/** A tree's cost and depth by the engine's objective (a leaf is depth 1). */
export interface TreeCost {
  readonly cost: number;
  readonly depth: number;
}

/**
 * Walk `tree` over every secret from the engine's root: each node's cost and depth, and `visit`
 * called at each inner node before its children (return false to skip its subtree's visits; its
 * cost is still counted). Throws when the tree does not answer a reply the set gives.
 */
function walkTree<S>(
  engine: SearchEngine<S>,
  tree: TreeArrays,
  visit: (at: number, set: Uint32Array, node: SearchNode<S>) => boolean,
): TreeCost & { readonly costs: Float64Array; readonly depths: Uint8Array } {
  const game = engine.game;
  const obj = engine.objective;
  const costs = new Float64Array(tree.guess.length);
  const depths = new Uint8Array(tree.guess.length);
  const walk = (at: number, set: Uint32Array, node: SearchNode<S>, visiting: boolean): void => {
    const guess = tree.guess[at];
    const inner = tree.edgeStart[at + 1] > tree.edgeStart[at];
    const deeper = visiting && inner && visit(at, set, node);
    const sp = engine.partitioner.split(guess, set);
    let cost = 0;
    let depth = 1;
    for (let k = 0; k < sp.codes.length; k++) {
      const code = sp.codes[k];
      const m = sp.starts[k + 1] - sp.starts[k];
      cost += obj.groupCost(code, m, node.used, node.state);
      if (code === game.solvedCode) continue;
      const child = childOf(tree, at, code);
      if (child < 0) throw new Error(`improve: the known tree has no branch for reply ${code} at node ${at}`);
      const part = sp.items.slice(sp.starts[k], sp.starts[k + 1]);
      walk(child, part, { used: node.used + 1, state: engine.moves.after(node.state, guess, code) }, deeper);
      cost += costs[child];
      if (depths[child] + 1 > depth) depth = depths[child] + 1;
    }
    costs[at] = cost;
    depths[at] = depth;
  };
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  walk(0, all, { used: 0, state: engine.moves.root }, true);
  return { cost: costs[0], depth: depths[0], costs, depths };
}

/** The cost and depth of a whole tree of the engine's game. */
export function treeCost<S>(engine: SearchEngine<S>, tree: TreeArrays): TreeCost {
  const { cost, depth } = walkTree(engine, tree, () => false);
  return { cost, depth };
}

/** The known tree's targets (preorder), with its own cost and depth. */
export function improveTargets<S>(
  engine: SearchEngine<S>,
  known: TreeArrays,
  spec: ImproveSpec,
): TreeCost & { readonly targets: ImproveTarget<S>[] } {
  const found: Array<{ at: number; set: Uint32Array; node: SearchNode<S> }> = [];
  const walked = walkTree(engine, known, (at, set, node) => {
    if (set.length > spec.upTo) return true;
    if (set.length > spec.above) found.push({ at, set, node });
    return false;
  });
  const targets = found.map(({ at, set, node }) => {
    const cost = walked.costs[at];
    const depth = walked.depths[at];
    return { at, set, node, cost, depth, key: engine.keyOf({ cost, depth }) };
  });
  return { cost: walked.cost, depth: walked.depth, targets };
}

/** `known` with the subtree at each node of `better` (a known tree's node number) replaced by its tree. */
export function graftImproved(known: TreeArrays, better: ReadonlyMap<number, TreeArrays>): TreeArrays {
  // Sizes first: every node and edge of the known tree outside the replaced subtrees, plus theirs.
  let nodes = 0;
  let edges = 0;
  const count = (at: number): void => {
    const sub = better.get(at);
    if (sub) {
      nodes += sub.guess.length;
      edges += sub.edgeCode.length;
      return;
    }
    nodes++;
    edges += known.edgeStart[at + 1] - known.edgeStart[at];
    for (let e = known.edgeStart[at]; e < known.edgeStart[at + 1]; e++) count(known.edgeChild[e]);
  };
  count(0);
  const out = {
    guess: new Uint32Array(nodes),
    edgeStart: new Uint32Array(nodes + 1),
    edgeCode: new Uint32Array(edges),
    edgeChild: new Uint32Array(edges),
  };
  let nextNode = 0;
  let nextEdge = 0;
  // Preorder, a node's edges reserved before its children's (as flattenPlan lays a plan out).
  const copy = (t: TreeArrays, at: number, swap: boolean): number => {
    const sub = swap ? better.get(at) : undefined;
    if (sub) return copy(sub, 0, false);
    const id = nextNode++;
    out.guess[id] = t.guess[at];
    const first = nextEdge;
    const count = t.edgeStart[at + 1] - t.edgeStart[at];
    out.edgeStart[id] = first;
    nextEdge += count;
    for (let i = 0; i < count; i++) {
      const e = t.edgeStart[at] + i;
      out.edgeCode[first + i] = t.edgeCode[e];
      out.edgeChild[first + i] = copy(t, t.edgeChild[e], swap);
    }
    return id;
  };
  copy(known, 0, true);
  out.edgeStart[nodes] = edges;
  return out;
}

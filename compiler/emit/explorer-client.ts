/**
 * The tree explorer page's own code. `renderExplorer` embeds these functions in the page with
 * `Function.prototype.toString()`, so each one is self-contained: it may call the other
 * functions of CLIENT_FUNCTIONS and browser globals, and nothing else (no imports at run time,
 * no module-level values).
 *
 * The game logic (decoding the packed data, the replay that walks the tree the way the CLI does,
 * the statistics) uses no DOM and is tested in Node against the compiler's own games; the
 * replies, their drawing and the play mode's inputs are the game's reply kind's own functions
 * (games/explorer-rules.ts), written into the page beside these as `pageReplyFns()`. The DOM part is typed against the small interfaces below (the project
 * compiles without the DOM library) and is tested in Chromium.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import type {
  AttrValue,
  ExplorerMetric,
  ExplorerReplyFns,
  ExplorerRules,
  PageElement,
  PageUi,
} from '../games/explorer-rules.js';

export type { ExplorerMetric, ExplorerRules } from '../games/explorer-rules.js';

/** The reply kind's functions in the page: written by renderExplorer beside these functions. */
declare function pageReplyFns(): ExplorerReplyFns;

/** A Uint32Array as the page carries it: `w` bytes per entry, little-endian, base64. */
export interface PackedArray {
  readonly w: number;
  readonly n: number;
  readonly b: string;
}

/** Everything the page decodes: the JSON block of the page. */
export interface PageData {
  readonly title: string;
  readonly game: string;
  /** The rules without their functions (the page's code carries those). */
  readonly rules: Omit<ExplorerRules, 'fns'>;
  readonly metric: ExplorerMetric;
  /** Secret names joined by newlines. */
  readonly secrets: string;
  /** Guess names joined by newlines; null: the same list as the secrets. */
  readonly guesses: string | null;
  readonly tree: {
    readonly guess: PackedArray;
    readonly edgeStart: PackedArray;
    readonly edgeCode: PackedArray;
    readonly edgeChild: PackedArray;
  };
}

export interface Model {
  readonly rules: ExplorerRules;
  readonly metric: ExplorerMetric;
  readonly secrets: readonly string[];
  readonly guesses: readonly string[];
  readonly tree: TreeArrays;
}

/** One secret played through the tree. */
export interface Outcome {
  readonly guesses: number[];
  readonly codes: number[];
  readonly found: boolean;
  /** A reply the tree has no branch for (an incomplete tree). */
  readonly missing: boolean;
  /** The node of the last guess. */
  readonly node: number;
  readonly misses: number;
}

export interface Stats {
  /** Per secret: the node of its last guess, guesses made, found, misses (a revealing kind), its last reply. */
  readonly final: Int32Array;
  readonly depth: Uint16Array;
  readonly found: Uint8Array;
  readonly misses: Uint16Array;
  readonly lastCode: Int32Array;
  /** Secrets whose reply had no branch. */
  readonly missing: number;
  /** Per node, over its subtree: secrets, secrets found, sum of the metric, nodes. */
  readonly count: Uint32Array;
  readonly foundCount: Uint32Array;
  readonly sum: Float64Array;
  readonly size: Uint32Array;
  /** Attempt number of each node's guess (root = 1). */
  readonly nodeDepth: Uint16Array;
  /** Secrets sorted by final node; those of node v's subtree are order[start[v] .. start[v + size[v]]). */
  readonly order: Uint32Array;
  readonly start: Uint32Array;
}

export interface HistogramBin {
  readonly label: string;
  readonly count: number;
}

// ---------------------------------------------------------------------------------------------
// Game logic (no DOM)

export function b64Bytes(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function unpackArray(p: PackedArray): Uint32Array {
  const b = b64Bytes(p.b);
  if (b.length !== p.n * p.w)
    throw new Error(`packed array of ${p.n} entries has ${b.length} bytes, expected ${p.n * p.w}`);
  const out = new Uint32Array(p.n);
  if (p.w === 1) out.set(b);
  else if (p.w === 2) for (let i = 0; i < p.n; i++) out[i] = b[2 * i] | (b[2 * i + 1] << 8);
  else {
    for (let i = 0; i < p.n; i++) {
      out[i] = (b[4 * i] | (b[4 * i + 1] << 8) | (b[4 * i + 2] << 16) | (b[4 * i + 3] << 24)) >>> 0;
    }
  }
  return out;
}

export function splitNames(s: string): string[] {
  return s === '' ? [] : s.split('\n');
}

export function modelOf(data: PageData, fns: ExplorerReplyFns): Model {
  const secrets = splitNames(data.secrets);
  return {
    rules: { ...data.rules, fns },
    metric: data.metric,
    secrets,
    guesses: data.guesses === null ? secrets : splitNames(data.guesses),
    tree: {
      guess: unpackArray(data.tree.guess),
      edgeStart: unpackArray(data.tree.edgeStart),
      edgeCode: unpackArray(data.tree.edgeCode),
      edgeChild: unpackArray(data.tree.edgeChild),
    },
  };
}

/** The reply that ends the game (with `revealing`: all that the replies together reveal). */
export function solvedCodeOf(rules: ExplorerRules): number {
  return rules.fns.solved(rules.data);
}

/** The reply of `guess` for `secret`, as the tree codes it. */
export function replyOf(rules: ExplorerRules, guess: string, secret: string): number {
  return rules.fns.reply(rules.data, guess, secret);
}

/** A reply as the CLI writes it: `XO?XX`, `21` (blacks, whites), `1A2B`, `2,4` or `-`, `3`. */
export function replyName(rules: ExplorerRules, code: number): string {
  return rules.fns.name(rules.data, code);
}

/** The most guesses a replay walks (the kind's attempts; absent: as many as the tree has nodes). */
export function guessLimitOf(rules: ExplorerRules, nodes: number): number {
  return rules.attempts ?? nodes;
}

/** The child of `node` along the edge with reply `code`, or -1 (runtime/tree-walker.ts childOf). */
export function childOf(tree: TreeArrays, node: number, code: number): number {
  let lo = tree.edgeStart[node];
  let hi = tree.edgeStart[node + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = tree.edgeCode[mid];
    if (c === code) return tree.edgeChild[mid];
    if (c < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Play one secret through the tree, as `export --format paths` and `verify` replay it. */
export function replaySecret(model: Model, secret: number): Outcome {
  const { rules, tree } = model;
  const name = model.secrets[secret];
  const revealing = rules.revealing === true;
  const solved = solvedCodeOf(rules);
  const limit = guessLimitOf(rules, tree.guess.length);
  const guesses: number[] = [];
  const codes: number[] = [];
  let node = 0;
  let misses = 0;
  let revealed = 0;
  for (let attempt = 1; attempt <= limit; attempt++) {
    const g = tree.guess[node];
    const code = replyOf(rules, model.guesses[g], name);
    guesses.push(g);
    codes.push(code);
    if (revealing) {
      if (code === 0) misses++;
      revealed |= code;
      if (revealed === solved) return { guesses, codes, found: true, missing: false, node, misses };
    } else if (code === solved) {
      return { guesses, codes, found: true, missing: false, node, misses };
    }
    if (attempt === limit) break;
    const next = childOf(tree, node, code);
    if (next < 0) return { guesses, codes, found: false, missing: true, node, misses };
    node = next;
  }
  return { guesses, codes, found: false, missing: false, node, misses };
}

/** What one secret adds to the metric, after `depth` guesses: guesses (found ones), Lingo score, or misses. */
export function metricValue(model: Model, depth: number, { found, misses }: Pick<Outcome, 'found' | 'misses'>): number {
  if (model.metric === 'misses') return misses;
  if (model.metric === 'score') {
    const attempts = model.rules.fixedAttempts ? guessLimitOf(model.rules, depth) : depth;
    return found ? 100 * (attempts + 1 - depth) : 0;
  }
  return found ? depth : 0;
}

/** Replay every secret once; per node, the subtree's secrets and metric. */
export function computeStats(model: Model): Stats {
  const { tree } = model;
  const nodes = tree.guess.length;
  const n = model.secrets.length;
  const final = new Int32Array(n);
  const depth = new Uint16Array(n);
  const found = new Uint8Array(n);
  const misses = new Uint16Array(n);
  const lastCode = new Int32Array(n);
  const count = new Uint32Array(nodes);
  const foundCount = new Uint32Array(nodes);
  const sum = new Float64Array(nodes);
  const size = new Uint32Array(nodes).fill(1);
  const parent = new Int32Array(nodes).fill(-1);
  const nodeDepth = new Uint16Array(nodes);
  nodeDepth[0] = 1;
  for (let v = 0; v < nodes; v++) {
    for (let e = tree.edgeStart[v]; e < tree.edgeStart[v + 1]; e++) {
      const c = tree.edgeChild[e];
      parent[c] = v;
      nodeDepth[c] = nodeDepth[v] + 1;
    }
  }
  let missing = 0;
  for (let s = 0; s < n; s++) {
    const o = replaySecret(model, s);
    final[s] = o.node;
    depth[s] = o.guesses.length;
    found[s] = o.found ? 1 : 0;
    misses[s] = o.misses;
    lastCode[s] = o.codes[o.codes.length - 1];
    if (o.missing) missing++;
    count[o.node] = count[o.node] + 1;
    if (o.found) foundCount[o.node] = foundCount[o.node] + 1;
    sum[o.node] = sum[o.node] + metricValue(model, o.guesses.length, o);
  }
  // Secrets by final node (counting sort, stable: secret order within a node).
  const start = new Uint32Array(nodes + 1);
  for (let s = 0; s < n; s++) start[final[s] + 1] = start[final[s] + 1] + 1;
  for (let v = 0; v < nodes; v++) start[v + 1] = start[v + 1] + start[v];
  const fill = start.slice(0, nodes);
  const order = new Uint32Array(n);
  for (let s = 0; s < n; s++) {
    const v = final[s];
    order[fill[v]] = s;
    fill[v] = fill[v] + 1;
  }
  // Children come after their parent in preorder: accumulate from the last node up.
  for (let v = nodes - 1; v > 0; v--) {
    const p = parent[v];
    if (p < 0) continue;
    count[p] = count[p] + count[v];
    foundCount[p] = foundCount[p] + foundCount[v];
    sum[p] = sum[p] + sum[v];
    size[p] = size[p] + size[v];
  }
  return { final, depth, found, misses, lastCode, missing, count, foundCount, sum, size, nodeDepth, order, start };
}

/** The subtree mean of node v in the metric's words: "mean 3.42 guesses", "mean score 194.63". */
export function meanText(model: Model, stats: Stats, v: number): string {
  const count = stats.count[v];
  const found = stats.foundCount[v];
  const sum = stats.sum[v];
  const lost = count - found;
  if (model.metric === 'misses') return `mean misses ${count ? (sum / count).toFixed(2) : '0'}`;
  const notFound = lost > 0 && !model.rules.revealing ? `, ${lost.toLocaleString('en-US')} not found` : '';
  if (model.metric === 'score') return `mean score ${count ? (sum / count).toFixed(2) : '0'}${notFound}`;
  return `mean ${found ? (sum / found).toFixed(2) : '-'} guesses${notFound}`;
}

/** Larger is harder: not found first, then the metric (misses or guesses), then more guesses. */
export function difficulty(model: Model, stats: Stats, s: number): number {
  if (!stats.found[s]) return 1e9 + stats.depth[s];
  if (model.metric === 'misses') return stats.misses[s] * 64 + stats.depth[s];
  return stats.depth[s];
}

/** The secrets of node v's subtree, hardest first (ties: list order). */
export function hardestFirst(model: Model, stats: Stats, v: number): number[] {
  const from = stats.start[v];
  const to = stats.start[v + stats.size[v]];
  const all = Array.from(stats.order.subarray(from, to));
  all.sort((a, b) => difficulty(model, stats, b) - difficulty(model, stats, a) || a - b);
  return all;
}

/** The distribution: guesses (with "not found" up to fixed attempts), or misses for a revealing kind. */
export function histogramOf(model: Model, stats: Stats): HistogramBin[] {
  const n = model.secrets.length;
  const bins: HistogramBin[] = [];
  const plural = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  let notFound = 0;
  for (let s = 0; s < n; s++) if (!stats.found[s]) notFound++;
  if (model.rules.revealing) {
    let max = 0;
    for (let s = 0; s < n; s++) max = Math.max(max, stats.misses[s]);
    const c = new Array<number>(max + 1).fill(0);
    for (let s = 0; s < n; s++) c[stats.misses[s]] = c[stats.misses[s]] + 1;
    c.forEach((k, m) => {
      bins.push({ label: plural(m, 'miss', 'misses'), count: k });
    });
    if (notFound > 0) bins.push({ label: 'not revealed', count: notFound });
    return bins;
  }
  const fixed = model.rules.fixedAttempts === true;
  let max = fixed ? guessLimitOf(model.rules, 1) : 1;
  for (let s = 0; s < n; s++) if (stats.found[s]) max = Math.max(max, stats.depth[s]);
  const c = new Array<number>(max + 1).fill(0);
  for (let s = 0; s < n; s++) if (stats.found[s]) c[stats.depth[s]] = c[stats.depth[s]] + 1;
  for (let a = 1; a <= max; a++) bins.push({ label: plural(a, 'guess', 'guesses'), count: c[a] });
  if (fixed || notFound > 0) bins.push({ label: 'not found', count: notFound });
  return bins;
}

/** A reply to a guess, the guess by its name. */
export interface GuessReply {
  readonly guess: string;
  readonly code: number;
}

/** Secrets (indices) among `candidates` that give `code` to the guess named `guess`. */
export function consistentWith(model: Model, candidates: readonly number[], { guess, code }: GuessReply): number[] {
  return candidates.filter((s) => replyOf(model.rules, guess, model.secrets[s]) === code);
}

// ---------------------------------------------------------------------------------------------
// The page (DOM)

interface DomEvent {
  readonly target: unknown;
  readonly key?: string;
  preventDefault(): void;
}
interface DomText {
  data: string;
}
interface DomElement extends PageElement {
  textContent: string | null;
  className: string;
  id: string;
  hidden: boolean;
  value: string;
  checked: boolean;
  disabled: boolean;
  open: boolean;
  type: string;
  readonly dataset: Record<string, string | undefined>;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  getAttribute(name: string): string | null;
  append(...nodes: Array<PageElement | DomText | string>): void;
  replaceChildren(...nodes: Array<PageElement | DomText | string>): void;
  remove(): void;
  addEventListener(type: string, listener: (e: DomEvent) => void): void;
  querySelector(selector: string): DomElement | null;
  focus(): void;
}
interface DomDocument {
  getElementById(id: string): DomElement | null;
  createElement(tag: string): DomElement;
  createElementNS(namespace: string, tag: string): DomElement;
  createTextNode(text: string): DomText;
  readonly documentElement: DomElement;
}
declare const document: DomDocument;
declare const window: { explorerReadyAt?: number; explorerError?: string };

type Child = PageElement | DomText | string | null | false | undefined;

/** `h('li', {class: 'x', 'data-guess': 'crane'}, child, ...)`. */
export function h(tag: string, attrs: Record<string, AttrValue> | null, ...children: Child[]): DomElement {
  const svg = tag === 'svg' || tag === 'rect' || tag === 'text' || tag === 'title' || tag === 'g';
  const e = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  if (attrs) {
    for (const k of Object.keys(attrs)) {
      const v = attrs[k];
      if (v === null || v === undefined || v === false) continue;
      e.setAttribute(k, v === true ? '' : String(v));
    }
  }
  for (const c of children) if (c !== null && c !== false && c !== undefined && c !== '') e.append(c);
  return e;
}

/** The page's PageUi, whose elements are the page's own (with all that this code uses of them). */
type ClientUi = Omit<PageUi, 'byId'> & { byId(id: string): DomElement };

/** What the page lends a reply kind's functions (games/explorer-rules.ts PageUi). */
export function pageUi(rules: ExplorerRules): ClientUi {
  const byId = (id: string): DomElement => {
    const e = document.getElementById(id);
    if (!e) throw new Error(`the page has no #${id}`);
    return e;
  };
  const ui: ClientUi = {
    h,
    byId,
    numberField: (id, label, max) =>
      h(
        'span',
        { class: 'field' },
        h('label', { for: id }, label),
        ' ',
        h('input', { id, type: 'number', min: 0, max, step: 1, value: '0', inputmode: 'numeric' }),
      ),
    readNumber: (id, label) => {
      const t = byId(id).value.trim();
      if (!/^\d+$/.test(t)) return `${label}: "${t}" is not a whole number`;
      return Number(t);
    },
    guess: (guess) =>
      rules.fns.guessView ? rules.fns.guessView(rules.data, guess, ui) : h('code', { class: 'guess-name' }, guess),
    name: (code) => replyName(rules, code),
  };
  return ui;
}

/** A reply as drawn: with the kind's board after it, in a row of the tree (small) or of a path. */
export interface ShownReply extends GuessReply {
  readonly board: string | null;
  readonly small: boolean;
}

/** How a reply looks: the kind's own view, or the guess and the reply in words. */
export function replyView(rules: ExplorerRules, ui: PageUi, { guess, code, board, small }: ShownReply): PageElement {
  if (rules.fns.view) return rules.fns.view(rules.data, guess, code, { board, small }, ui);
  const text = rules.fns.describe ? rules.fns.describe(rules.data, guess, code) : replyName(rules, code);
  return h(
    'span',
    { class: 'reply md', 'data-kind': rules.name },
    small ? null : h('code', null, guess),
    h('strong', { class: 'reply-text' }, text),
  );
}

/** The kind's board after reply `code` to `guess` (null stays null: the kind has none). */
export function boardAfter(rules: ExplorerRules, board: string | null, { guess, code }: GuessReply): string | null {
  return board === null || !rules.fns.boardAfter ? board : rules.fns.boardAfter(rules.data, board, guess, code);
}

export function histogramSvg(bins: readonly HistogramBin[], caption: string): DomElement {
  const rowH = 24;
  const labelW = 96;
  const barW = 200;
  const width = labelW + barW + 64;
  const height = bins.length * rowH + 8;
  const max = Math.max(1, ...bins.map((b) => b.count));
  const total = bins.reduce((t, b) => t + b.count, 0);
  const grouped = (k: number) => k.toLocaleString('en-US');
  const svg = h(
    'svg',
    {
      id: 'histogram-svg',
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: 'img',
      'aria-labelledby': 'histogram-title',
    },
    h('title', { id: 'histogram-title' }, caption),
  );
  bins.forEach((b, i) => {
    const y = 4 + i * rowH;
    const w = b.count === 0 ? 0 : Math.max(1, Math.round((b.count / max) * barW));
    const share = total ? ` (${((100 * b.count) / total).toFixed(1)}%)` : '';
    svg.append(
      h(
        'g',
        { 'data-label': b.label, 'data-count': b.count },
        h('title', null, `${b.label}: ${grouped(b.count)}${share}`),
        h('text', { x: labelW - 6, y: y + 16, 'text-anchor': 'end', class: 'hl' }, b.label),
        h('rect', {
          x: labelW,
          y: y + 3,
          width: w,
          height: rowH - 6,
          class: b.label.startsWith('not') ? 'bar bad' : 'bar',
        }),
        h('text', { x: labelW + w + 4, y: y + 16, class: 'hc' }, grouped(b.count)),
      ),
    );
  });
  return svg;
}

/** What the parts of the page share: the decoded tree, its statistics and the page's element builder. */
export interface ExplorerPage {
  readonly model: Model;
  readonly stats: Stats;
  readonly ui: ClientUi;
  /** Secret index by lower-case name (the search box). */
  readonly byName: ReadonlyMap<string, number>;
  /** The kind's board before the first guess (null: the kind has none). */
  readonly blank: string | null;
}

/** `1,234 secrets`: a count, grouped, with the word that fits it. */
export function counted(k: number, one: string, many: string): string {
  return `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;
}

/** The whole page: decode, draw the distribution and the tree's root, wire search and play. */
export function explorerMain(data: PageData, fns: ExplorerReplyFns): void {
  const model = modelOf(data, fns);
  const stats = computeStats(model);
  const byName = new Map<string, number>();
  model.secrets.forEach((s, i) => {
    byName.set(s.toLowerCase(), i);
  });
  const { rules } = model;
  const page: ExplorerPage = {
    model,
    stats,
    ui: pageUi(rules),
    byName,
    blank: rules.fns.boardStart ? rules.fns.boardStart(rules.data) : null,
  };
  drawSummary(page);
  wireSearch(page);
  drawTree(page);
  startPlay(page);

  document.documentElement.setAttribute('data-ready', 'true');
  window.explorerReadyAt = performance.now();
}

/** The tree's size and the distribution (a chart, and a table for screen readers). */
export function drawSummary(page: ExplorerPage): void {
  const { model, stats } = page;
  const { rules, tree } = model;
  const $ = page.ui.byId;
  let leaves = 0;
  for (let v = 0; v < tree.guess.length; v++) if (tree.edgeStart[v] === tree.edgeStart[v + 1]) leaves++;
  $('tree-size').textContent =
    `${counted(model.secrets.length, 'secret', 'secrets')}, ${counted(model.guesses.length, 'guess', 'guesses')} to choose from; ` +
    `the tree has ${counted(tree.guess.length, 'node', 'nodes')} (${counted(leaves, 'leaf', 'leaves')}) and ${counted(tree.edgeCode.length, 'edge', 'edges')}` +
    (stats.missing ? `; ${counted(stats.missing, 'secret', 'secrets')} reach a reply the tree has no branch for` : '');
  const bins = histogramOf(model, stats);
  const what = rules.distributionTitle ?? 'Guesses per secret';
  const table = h(
    'table',
    { class: 'sr-only' },
    h('caption', null, what),
    h('tr', null, h('th', { scope: 'col' }, 'outcome'), h('th', { scope: 'col' }, 'secrets')),
  );
  const grouped = (k: number) => k.toLocaleString('en-US');
  for (const b of bins) table.append(h('tr', null, h('td', null, b.label), h('td', null, grouped(b.count))));
  $('histogram').replaceChildren(
    histogramSvg(bins, `${what}: ${bins.map((b) => `${b.label} ${grouped(b.count)}`).join(', ')}`),
    table,
  );
}

/** One secret's path: a row per guess, with its reply. */
export function pathRows(page: ExplorerPage, s: number): DomElement[] {
  const { model, ui } = page;
  const { rules } = model;
  const o = replaySecret(model, s);
  let pattern = page.blank;
  return o.guesses.map((g, i) => {
    const code = o.codes[i];
    const guess = model.guesses[g];
    pattern = boardAfter(rules, pattern, { guess, code });
    return h(
      'li',
      { 'data-guess': guess, 'data-reply': replyName(rules, code) },
      h('span', { class: 'n' }, `${i + 1}.`),
      replyView(rules, ui, { guess, code, board: pattern, small: false }),
    );
  });
}

/** How one secret's game ends, in a line. */
export function outcomeText(page: ExplorerPage, s: number): string {
  const { model, stats } = page;
  const { rules, tree } = model;
  const d = stats.depth[s];
  const name = model.secrets[s];
  if (rules.fns.outcome)
    return rules.fns.outcome(rules.data, {
      secret: name,
      guesses: d,
      misses: stats.misses[s],
      found: stats.found[s] === 1,
    });
  if (!stats.found[s])
    return stats.missing && d < guessLimitOf(rules, tree.guess.length)
      ? `${name}: the tree has no branch for a reply after ${counted(d, 'guess', 'guesses')}`
      : `${name}: not found within ${counted(d, 'guess', 'guesses')}`;
  return `${name}: found on guess ${d}${model.metric === 'score' ? ` (score ${metricValue(model, d, { found: true, misses: 0 })})` : ''}`;
}

/** The secret the search box names: its path, or why there is none. */
export function showSecret(page: ExplorerPage, text: string): void {
  const { model } = page;
  const q = text.trim().toLowerCase();
  const status = page.ui.byId('path-status');
  const path = page.ui.byId('path');
  const s = page.byName.get(q);
  if (q === '') {
    status.textContent = '';
    path.replaceChildren();
    path.removeAttribute('data-secret');
    return;
  }
  if (s === undefined) {
    status.textContent = `No secret named "${text.trim()}" (${counted(model.secrets.length, 'secret', 'secrets')}; exact name, any case).`;
    path.replaceChildren();
    path.removeAttribute('data-secret');
    return;
  }
  status.textContent = outcomeText(page, s);
  path.replaceChildren(...pathRows(page, s));
  path.setAttribute('data-secret', model.secrets[s]);
}

export function wireSearch(page: ExplorerPage): void {
  const search = page.ui.byId('search');
  search.setAttribute('placeholder', page.model.secrets[0] ?? '');
  search.addEventListener('input', () => showSecret(page, search.value));
  page.ui.byId('search-form').addEventListener('submit', (e) => {
    e.preventDefault();
    showSecret(page, search.value);
  });
}

/** The tree browser: the first guess, and its replies (each node's built when opened). */
export function drawTree(page: ExplorerPage): void {
  const { model, stats } = page;
  page.ui
    .byId('tree')
    .replaceChildren(
      h(
        'p',
        { class: 'root' },
        'First guess ',
        h('strong', { class: 'next' }, model.guesses[model.tree.guess[0]]),
        ` · ${counted(stats.count[0], 'secret', 'secrets')} · ${meanText(model, stats, 0)}`,
      ),
      nodeBody(page, 0, page.blank),
    );
}

/** The hardest secrets below node v, listed when opened. */
export function hardestView(page: ExplorerPage, v: number): DomElement {
  const { model, stats } = page;
  const { rules } = model;
  const d = h('details', { class: 'hardest' }, h('summary', null, `Hardest ${Math.min(5, stats.count[v])} here`));
  let built = false;
  d.addEventListener('toggle', () => {
    if (built || !d.open) return;
    built = true;
    const list = h('ol', { class: 'hardest-list' });
    for (const s of hardestFirst(model, stats, v).slice(0, 5)) {
      const o = replaySecret(model, s);
      const how = rules.revealing
        ? counted(o.misses, 'miss', 'misses')
        : o.found
          ? counted(o.guesses.length, 'guess', 'guesses')
          : 'not found';
      list.append(
        h(
          'li',
          { 'data-secret': model.secrets[s] },
          h('strong', null, model.secrets[s]),
          ` — ${how}: ${o.guesses.map((g) => model.guesses[g]).join(' ')}`,
        ),
      );
    }
    d.append(list);
  });
  return d;
}

/** One row of a node's replies: how many secrets it holds and its code (the order), built on demand. */
export interface ReplyRow {
  readonly count: number;
  readonly code: number;
  readonly el: () => DomElement;
}

/** Node v's replies that go on: each opens to its child's node. */
export function branchRows(page: ExplorerPage, v: number, pattern: string | null): ReplyRow[] {
  const { model, stats, ui } = page;
  const { rules, tree } = model;
  const g = model.guesses[tree.guess[v]];
  const rows: ReplyRow[] = [];
  for (let e = tree.edgeStart[v]; e < tree.edgeStart[v + 1]; e++) {
    const code = tree.edgeCode[e];
    const child = tree.edgeChild[e];
    rows.push({
      count: stats.count[child],
      code,
      el: () => {
        const next = boardAfter(rules, pattern, { guess: g, code });
        const d = h(
          'details',
          { class: 'reply-row', 'data-node': child, 'data-reply': replyName(rules, code) },
          h(
            'summary',
            null,
            replyView(rules, ui, { guess: g, code, board: next, small: true }),
            h(
              'span',
              { class: 'meta' },
              ` ${counted(stats.count[child], 'secret', 'secrets')} · ${meanText(model, stats, child)} · next `,
              h('strong', { class: 'next' }, model.guesses[tree.guess[child]]),
            ),
          ),
        );
        let built = false;
        d.addEventListener('toggle', () => {
          if (built || !d.open) return;
          built = true;
          d.append(nodeBody(page, child, next));
        });
        return h('li', null, d);
      },
    });
  }
  return rows;
}

/** Node v's replies that end the game: solved by its guess (a row per reply), or out of guesses. */
export function endRows(page: ExplorerPage, v: number, pattern: string | null): ReplyRow[] {
  const { model, stats, ui } = page;
  const { rules, tree } = model;
  const g = model.guesses[tree.guess[v]];
  const rows: ReplyRow[] = [];
  const ends = new Map<number, number[]>();
  const lost: number[] = [];
  for (let i = stats.start[v]; i < stats.start[v + 1]; i++) {
    const s = stats.order[i];
    if (!stats.found[s]) {
      lost.push(s);
      continue;
    }
    const c = stats.lastCode[s];
    const list = ends.get(c) ?? [];
    list.push(s);
    ends.set(c, list);
  }
  for (const [code, list] of ends) {
    rows.push({
      count: list.length,
      code,
      el: () => {
        const next = boardAfter(rules, pattern, { guess: g, code });
        const names = list.map((s) => model.secrets[s]);
        return h(
          'li',
          { class: 'end', 'data-reply': replyName(rules, code) },
          replyView(rules, ui, { guess: g, code, board: next, small: true }),
          h(
            'span',
            { class: 'meta' },
            ` ${rules.endWord ?? 'solved'}: ${names.slice(0, 8).join(' ')}${names.length > 8 ? ' …' : ''}`,
          ),
        );
      },
    });
  }
  if (lost.length) {
    const names = lost.map((s) => model.secrets[s]);
    rows.push({
      count: lost.length,
      code: -1,
      el: () =>
        h(
          'li',
          { class: 'end lost' },
          `not found after ${counted(stats.nodeDepth[v], 'guess', 'guesses')}: ${counted(names.length, 'secret', 'secrets')} (${names.slice(0, 8).join(' ')}${names.length > 8 ? ' …' : ''})`,
        ),
    });
  }
  return rows;
}

/** Node v opened: its hardest secrets and its replies, the most common first. */
export function nodeBody(page: ExplorerPage, v: number, pattern: string | null): DomElement {
  const g = page.model.guesses[page.model.tree.guess[v]];
  const body = h('div', { class: 'node-body', 'data-node': v });
  body.append(hardestView(page, v));
  const rows = [...branchRows(page, v, pattern), ...endRows(page, v, pattern)];
  rows.sort((x, y) => y.count - x.count || x.code - y.code);
  const list = h('ul', { class: 'replies', 'aria-label': `replies to ${g}` });
  // Large nodes (a Lingo opener has thousands of replies): 100 rows, then 200 more a click.
  let shown = Math.min(rows.length, 100);
  rows.slice(0, shown).forEach((r) => {
    list.append(r.el());
  });
  body.append(list);
  if (rows.length > shown) {
    const more = h('button', { type: 'button', class: 'more' });
    const label = () => {
      more.textContent = `Show ${Math.min(200, rows.length - shown)} more replies (${rows.length - shown} not shown)`;
    };
    label();
    more.addEventListener('click', () => {
      const next = Math.min(rows.length, shown + 200);
      rows.slice(shown, next).forEach((r) => {
        list.append(r.el());
      });
      shown = next;
      if (shown >= rows.length) more.remove();
      else label();
    });
    body.append(more);
  }
  return body;
}

/** A reply the user typed in play mode, to the guess the page showed. */
export interface Step {
  readonly guess: number;
  readonly code: number;
}

/** Play mode: the user types the replies of their own game. */
export interface PlayMode {
  steps: Step[];
  /** The tree's node of the guess shown; -1 off the tree. */
  node: number;
  candidates: number[];
  over: 'playing' | 'solved' | 'out';
}

export function startPlay(page: ExplorerPage): void {
  const play: PlayMode = { steps: [], node: 0, candidates: [], over: 'playing' };
  replayPlay(page, play);
  drawPlay(page, play, '');
}

/** The kind's board after the replies so far. */
export function playBoard(page: ExplorerPage, play: PlayMode): string | null {
  let p = page.blank;
  for (const st of play.steps)
    p = boardAfter(page.model.rules, p, { guess: page.model.guesses[st.guess], code: st.code });
  return p;
}

/** Off the tree (a reply it has no branch for): the kind's choice, or a secret still possible. */
export function fallbackGuess(page: ExplorerPage, play: PlayMode): number {
  const { model } = page;
  const { rules } = model;
  if (rules.fns.offTreeGuess) {
    const possible = play.candidates.map((s) => model.secrets[s]);
    return rules.fns.offTreeGuess(
      rules.data,
      model.guesses,
      possible,
      play.steps.map((st) => model.guesses[st.guess]),
    );
  }
  const name = model.secrets[play.candidates[0]];
  const gi = model.guesses.indexOf(name);
  return Math.max(gi, 0);
}

export function currentGuess(page: ExplorerPage, play: PlayMode): number {
  return play.node >= 0 ? page.model.tree.guess[play.node] : fallbackGuess(page, play);
}

/** Where the replies so far lead: the node, the secrets still possible, whether the game is over. */
export function replayPlay(page: ExplorerPage, play: PlayMode): void {
  const { model } = page;
  const { rules, tree } = model;
  const solved = solvedCodeOf(rules);
  play.node = 0;
  play.candidates = model.secrets.map((_, i) => i);
  play.over = 'playing';
  let revealed = 0;
  for (const st of play.steps) {
    play.candidates = consistentWith(model, play.candidates, { guess: model.guesses[st.guess], code: st.code });
    revealed |= st.code;
    if (rules.revealing ? revealed === solved : st.code === solved) {
      play.over = 'solved';
      break;
    }
    play.node = play.node >= 0 ? childOf(tree, play.node, st.code) : -1;
  }
  if (play.over === 'playing' && play.steps.length >= guessLimitOf(rules, tree.guess.length)) play.over = 'out';
}

/** The reply the inputs hold, or why it cannot be one. */
export function readPlayReply(page: ExplorerPage, play: PlayMode, g: string): number | string {
  const { ui } = page;
  const { rules } = page.model;
  if (rules.fns.readReply) return rules.fns.readReply(rules.data, g, playBoard(page, play), ui);
  const n = rules.fns.codes(rules.data);
  if (rules.numberReply) {
    const x = ui.readNumber('play-count', rules.numberReply.what);
    if (typeof x === 'string') return x;
    const why = rules.fns.numberError
      ? rules.fns.numberError(rules.data, g, x)
      : x < n
        ? null
        : `${x} ${rules.numberReply.what}: at most ${n - 1}`;
    return why ?? x;
  }
  const t = ui.byId('play-text').value.trim();
  for (let c = 0; c < n; c++) if (replyName(rules, c) === t) return c;
  return `"${t}" is not a reply of this game${n <= 12 ? ` (${Array.from({ length: n }, (_, c) => replyName(rules, c)).join(' ')})` : ''}`;
}

/** The inputs of the reply to the guess named `gName`: the kind's own, a number, or a text. */
export function playReplyFields(page: ExplorerPage, play: PlayMode, gName: string): DomElement {
  const { ui } = page;
  const { rules } = page.model;
  const fields = h('fieldset', { id: 'play-reply' }, h('legend', null, 'Your reply'));
  if (rules.fns.replyInputs) {
    fields.append(...rules.fns.replyInputs(rules.data, gName, playBoard(page, play), ui));
  } else if (rules.numberReply) {
    fields.append(
      ui.numberField(
        'play-count',
        rules.numberReply.label.split('{guess}').join(gName),
        rules.fns.codes(rules.data) - 1,
      ),
    );
  } else {
    const n = rules.fns.codes(rules.data);
    const names = n <= 12 ? ` (${Array.from({ length: n }, (_, c) => replyName(rules, c)).join(' ')})` : '';
    fields.append(
      h(
        'span',
        { class: 'field' },
        h('label', { for: 'play-text' }, `Reply to "${gName}"${names}`),
        ' ',
        h('input', { id: 'play-text', type: 'text', value: '' }),
      ),
    );
  }
  return fields;
}

/** The play area as the game stands, with `message` in its status line. */
export function drawPlay(page: ExplorerPage, play: PlayMode, message: string): void {
  const { model, ui } = page;
  const { rules, tree } = model;
  const { steps, candidates, over } = play;
  const area = ui.byId('play-area');
  const root = ui.byId('play');
  const gName = model.guesses[currentGuess(page, play)];
  const children: DomElement[] = [];
  const history = h('ol', { id: 'play-history' });
  let pat = page.blank;
  for (const st of steps) {
    const guess = model.guesses[st.guess];
    pat = boardAfter(rules, pat, { guess, code: st.code });
    history.append(
      h(
        'li',
        { 'data-guess': guess, 'data-reply': replyName(rules, st.code) },
        replyView(rules, ui, { guess, code: st.code, board: pat, small: false }),
      ),
    );
  }
  root.setAttribute('data-state', over);
  root.setAttribute('data-guess', over === 'playing' ? gName : '');
  root.setAttribute('data-candidates', String(candidates.length));
  if (steps.length) children.push(h('div', null, h('h3', null, 'Your replies so far'), history));
  if (over === 'playing') {
    const turn = h(
      'p',
      { id: 'play-turn' },
      `Guess ${steps.length + 1}${rules.fixedAttempts ? ` of ${guessLimitOf(rules, tree.guess.length)}` : ''}: `,
      h('strong', { id: 'play-guess' }, gName),
    );
    children.push(turn);
    children.push(playReplyFields(page, play, gName));
  }
  const buttons = h('div', { class: 'buttons' });
  if (over === 'playing') buttons.append(h('button', { type: 'button', id: 'play-submit' }, 'Submit reply'));
  buttons.append(
    h('button', { type: 'button', id: 'play-undo', disabled: steps.length === 0 }, 'Undo'),
    h('button', { type: 'button', id: 'play-restart' }, 'Restart'),
  );
  children.push(buttons);
  // Empty: an error is written into it by drawPlayError.
  children.push(h('p', { id: 'play-error', class: 'error', role: 'alert' }));
  children.push(h('p', { id: 'play-status', role: 'status' }, message));
  const few = candidates.length <= 20;
  children.push(
    h(
      'p',
      { id: 'play-count-text' },
      over === 'solved' ? '' : `${counted(candidates.length, 'secret', 'secrets')} still possible${few ? ':' : ''}`,
    ),
  );
  const cands = h('ul', { id: 'play-candidates', class: 'inline' });
  if (few && over !== 'solved') for (const s of candidates) cands.append(h('li', null, model.secrets[s]));
  children.push(cands);
  area.replaceChildren(...children);
  const submit = area.querySelector('#play-submit');
  if (submit) submit.addEventListener('click', () => submitPlayReply(page, play));
  ui.byId('play-undo').addEventListener('click', () => {
    play.steps = play.steps.slice(0, -1);
    replayPlay(page, play);
    drawPlay(page, play, 'Took back the last reply.');
  });
  ui.byId('play-restart').addEventListener('click', () => {
    play.steps = [];
    replayPlay(page, play);
    drawPlay(page, play, 'New game.');
  });
}

/** The reply typed, taken: the next guess, the end of the game, or why the reply cannot be. */
export function submitPlayReply(page: ExplorerPage, play: PlayMode): void {
  const { model } = page;
  const { rules } = model;
  const g = currentGuess(page, play);
  const gName = model.guesses[g];
  const code = readPlayReply(page, play, gName);
  if (typeof code === 'string') {
    drawPlayError(page, code);
    return;
  }
  const kept = consistentWith(model, play.candidates, { guess: gName, code });
  if (kept.length === 0) {
    const after = play.steps.map((st) => `${model.guesses[st.guess]} ${replyName(rules, st.code)}`).join(', ');
    const none = rules.impossibleWhy ?? 'no secret in the list gives it';
    drawPlayError(
      page,
      `impossible reply ${replyName(rules, code)} to ${gName}: ${none}${after ? ` after ${after}` : ''}`,
    );
    return;
  }
  play.steps = [...play.steps, { guess: g, code }];
  const wasOnTree = play.node >= 0;
  replayPlay(page, play);
  let message: string;
  if (play.over === 'solved')
    message = `Solved in ${counted(play.steps.length, 'guess', 'guesses')}: ${model.secrets[play.candidates[0]] ?? gName}.`;
  else if (play.over === 'out')
    message = `Out of guesses; ${counted(play.candidates.length, 'secret', 'secrets')} still possible.`;
  else if (wasOnTree && play.node < 0)
    message = 'The tree has no branch for this reply; guessing among the secrets still possible.';
  else message = `Next guess: ${model.guesses[currentGuess(page, play)]}.`;
  drawPlay(page, play, message);
  const area = page.ui.byId('play-area');
  const next =
    area.querySelector('#play-reply button') ?? area.querySelector('input') ?? area.querySelector('#play-restart');
  if (next) next.focus();
}

export function drawPlayError(page: ExplorerPage, why: string): void {
  page.ui.byId('play-error').textContent = why;
  page.ui.byId('play').setAttribute('data-error', why);
}

/** Run the page; a failure is shown on the page (and flagged for tests) rather than lost. */
export function explorerBoot(): void {
  try {
    const el = document.getElementById('explorer-data');
    const data = JSON.parse(el?.textContent ?? 'null') as PageData;
    // The reply kind's functions are in the page's code, not in its JSON.
    explorerMain(data, pageReplyFns());
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    window.explorerError = why;
    const box = document.getElementById('page-error');
    if (box) {
      box.hidden = false;
      box.textContent = `The explorer could not start: ${why}`;
    }
    document.documentElement.setAttribute('data-ready', 'error');
  }
}

/** The functions the page carries, in the order they are written into it. */
export const CLIENT_FUNCTIONS: ReadonlyArray<(...args: never[]) => unknown> = [
  b64Bytes,
  unpackArray,
  splitNames,
  modelOf,
  solvedCodeOf,
  replyOf,
  replyName,
  guessLimitOf,
  childOf,
  replaySecret,
  metricValue,
  computeStats,
  meanText,
  difficulty,
  hardestFirst,
  histogramOf,
  consistentWith,
  h,
  pageUi,
  replyView,
  boardAfter,
  histogramSvg,
  counted,
  explorerMain,
  drawSummary,
  pathRows,
  outcomeText,
  showSecret,
  wireSearch,
  drawTree,
  hardestView,
  branchRows,
  endRows,
  nodeBody,
  startPlay,
  playBoard,
  fallbackGuess,
  currentGuess,
  replayPlay,
  readPlayReply,
  playReplyFields,
  drawPlay,
  submitPlayReply,
  drawPlayError,
  explorerBoot,
];

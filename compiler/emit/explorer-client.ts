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

/** What one secret adds to the metric: guesses (found ones), Lingo score, or misses. */
export function metricValue(model: Model, depth: number, found: boolean, misses: number): number {
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
    sum[o.node] = sum[o.node] + metricValue(model, o.guesses.length, o.found, o.misses);
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

/** The k hardest secrets of node v's subtree, hardest first (ties: list order). */
export function hardestOf(model: Model, stats: Stats, v: number, k: number): number[] {
  const from = stats.start[v];
  const to = stats.start[v + stats.size[v]];
  const all = Array.from(stats.order.subarray(from, to));
  all.sort((a, b) => difficulty(model, stats, b) - difficulty(model, stats, a) || a - b);
  return all.slice(0, k);
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

/** Secrets (indices) among `candidates` that give `code` to the guess named `guess`. */
export function consistentWith(model: Model, candidates: readonly number[], guess: string, code: number): number[] {
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

/** How a reply looks: the kind's own view, or the guess and the reply in words. */
export function replyView(
  rules: ExplorerRules,
  ui: PageUi,
  guess: string,
  code: number,
  board: string | null,
  small: boolean,
): PageElement {
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
export function boardAfter(rules: ExplorerRules, board: string | null, guess: string, code: number): string | null {
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

/** The whole page: decode, draw the distribution and the tree's root, wire search and play. */
export function explorerMain(data: PageData, fns: ExplorerReplyFns): void {
  const model = modelOf(data, fns);
  const { rules, tree } = model;
  const stats = computeStats(model);
  const byName = new Map<string, number>();
  model.secrets.forEach((s, i) => {
    byName.set(s.toLowerCase(), i);
  });
  const ui = pageUi(rules);
  const $ = ui.byId;
  const plural = (k: number, one: string, many: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;
  const secretsText = (k: number) => plural(k, 'secret', 'secrets');
  const blank = rules.fns.boardStart ? rules.fns.boardStart(rules.data) : null;
  const guessName = (g: number) => model.guesses[g];

  // The tree's size and the distribution.
  let leaves = 0;
  for (let v = 0; v < tree.guess.length; v++) if (tree.edgeStart[v] === tree.edgeStart[v + 1]) leaves++;
  $('tree-size').textContent =
    `${secretsText(model.secrets.length)}, ${plural(model.guesses.length, 'guess', 'guesses')} to choose from; ` +
    `the tree has ${plural(tree.guess.length, 'node', 'nodes')} (${plural(leaves, 'leaf', 'leaves')}) and ${plural(tree.edgeCode.length, 'edge', 'edges')}` +
    (stats.missing ? `; ${secretsText(stats.missing)} reach a reply the tree has no branch for` : '');
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

  // One secret's path.
  const pathRows = (s: number): DomElement[] => {
    const o = replaySecret(model, s);
    let pattern = blank;
    return o.guesses.map((g, i) => {
      const code = o.codes[i];
      pattern = boardAfter(rules, pattern, guessName(g), code);
      return h(
        'li',
        { 'data-guess': guessName(g), 'data-reply': replyName(rules, code) },
        h('span', { class: 'n' }, `${i + 1}.`),
        replyView(rules, ui, guessName(g), code, pattern, false),
      );
    });
  };
  const outcomeText = (s: number): string => {
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
        ? `${name}: the tree has no branch for a reply after ${plural(d, 'guess', 'guesses')}`
        : `${name}: not found within ${plural(d, 'guess', 'guesses')}`;
    return `${name}: found on guess ${d}${model.metric === 'score' ? ` (score ${metricValue(model, d, true, 0)})` : ''}`;
  };
  const showSecret = (text: string): void => {
    const q = text.trim().toLowerCase();
    const status = $('path-status');
    const path = $('path');
    const s = byName.get(q);
    if (q === '') {
      status.textContent = '';
      path.replaceChildren();
      path.removeAttribute('data-secret');
      return;
    }
    if (s === undefined) {
      status.textContent = `No secret named "${text.trim()}" (${secretsText(model.secrets.length)}; exact name, any case).`;
      path.replaceChildren();
      path.removeAttribute('data-secret');
      return;
    }
    status.textContent = outcomeText(s);
    path.replaceChildren(...pathRows(s));
    path.setAttribute('data-secret', model.secrets[s]);
  };
  const search = $('search');
  search.setAttribute('placeholder', model.secrets[0] ?? '');
  search.addEventListener('input', () => showSecret(search.value));
  $('search-form').addEventListener('submit', (e) => {
    e.preventDefault();
    showSecret(search.value);
  });

  // The tree browser: a node's replies, built when opened.
  const hardestView = (v: number): DomElement => {
    const d = h('details', { class: 'hardest' }, h('summary', null, `Hardest ${Math.min(5, stats.count[v])} here`));
    let built = false;
    d.addEventListener('toggle', () => {
      if (built || !d.open) return;
      built = true;
      const list = h('ol', { class: 'hardest-list' });
      for (const s of hardestOf(model, stats, v, 5)) {
        const o = replaySecret(model, s);
        const how = rules.revealing
          ? plural(o.misses, 'miss', 'misses')
          : o.found
            ? plural(o.guesses.length, 'guess', 'guesses')
            : 'not found';
        list.append(
          h(
            'li',
            { 'data-secret': model.secrets[s] },
            h('strong', null, model.secrets[s]),
            ` — ${how}: ${o.guesses.map(guessName).join(' ')}`,
          ),
        );
      }
      d.append(list);
    });
    return d;
  };
  const nodeBody = (v: number, pattern: string | null): DomElement => {
    const g = guessName(tree.guess[v]);
    const body = h('div', { class: 'node-body', 'data-node': v });
    body.append(hardestView(v));
    const rows: Array<{ count: number; code: number; el: () => DomElement }> = [];
    const a = tree.edgeStart[v];
    const b = tree.edgeStart[v + 1];
    for (let e = a; e < b; e++) {
      const code = tree.edgeCode[e];
      const child = tree.edgeChild[e];
      rows.push({
        count: stats.count[child],
        code,
        el: () => {
          const next = boardAfter(rules, pattern, g, code);
          const d = h(
            'details',
            { class: 'reply-row', 'data-node': child, 'data-reply': replyName(rules, code) },
            h(
              'summary',
              null,
              replyView(rules, ui, g, code, next, true),
              h(
                'span',
                { class: 'meta' },
                ` ${secretsText(stats.count[child])} · ${meanText(model, stats, child)} · next `,
                h('strong', { class: 'next' }, guessName(tree.guess[child])),
              ),
            ),
          );
          let built = false;
          d.addEventListener('toggle', () => {
            if (built || !d.open) return;
            built = true;
            d.append(nodeBody(child, next));
          });
          return h('li', null, d);
        },
      });
    }
    // Secrets whose game ends at this node: solved by its guess, or out of guesses.
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
          const next = boardAfter(rules, pattern, g, code);
          const names = list.map((s) => model.secrets[s]);
          return h(
            'li',
            { class: 'end', 'data-reply': replyName(rules, code) },
            replyView(rules, ui, g, code, next, true),
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
            `not found after ${plural(stats.nodeDepth[v], 'guess', 'guesses')}: ${secretsText(names.length)} (${names.slice(0, 8).join(' ')}${names.length > 8 ? ' …' : ''})`,
          ),
      });
    }
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
  };
  $('tree').replaceChildren(
    h(
      'p',
      { class: 'root' },
      'First guess ',
      h('strong', { class: 'next' }, guessName(tree.guess[0])),
      ` · ${secretsText(stats.count[0])} · ${meanText(model, stats, 0)}`,
    ),
    nodeBody(0, blank),
  );

  // Play mode: the user types the replies of their own game.
  interface Step {
    readonly guess: number;
    readonly code: number;
  }
  let steps: Step[] = [];
  let node = 0;
  let candidates: number[] = [];
  let over: 'playing' | 'solved' | 'out' = 'playing';
  const area = $('play-area');
  const play = $('play');
  const limit = guessLimitOf(rules, tree.guess.length);
  const solved = solvedCodeOf(rules);
  const patternNow = (): string | null => {
    let p = blank;
    for (const st of steps) p = boardAfter(rules, p, guessName(st.guess), st.code);
    return p;
  };
  /** Off the tree (a reply it has no branch for): the kind's choice, or a secret still possible. */
  const fallbackGuess = (): number => {
    if (rules.fns.offTreeGuess) {
      const possible = candidates.map((s) => model.secrets[s]);
      return rules.fns.offTreeGuess(
        rules.data,
        model.guesses,
        possible,
        steps.map((st) => guessName(st.guess)),
      );
    }
    const name = model.secrets[candidates[0]];
    const gi = model.guesses.indexOf(name);
    return Math.max(gi, 0);
  };
  const currentGuess = (): number => (node >= 0 ? tree.guess[node] : fallbackGuess());
  const replay = (): void => {
    node = 0;
    candidates = model.secrets.map((_, i) => i);
    over = 'playing';
    let revealed = 0;
    for (const st of steps) {
      candidates = consistentWith(model, candidates, guessName(st.guess), st.code);
      revealed |= st.code;
      if (rules.revealing ? revealed === solved : st.code === solved) {
        over = 'solved';
        break;
      }
      node = node >= 0 ? childOf(tree, node, st.code) : -1;
    }
    if (over === 'playing' && steps.length >= limit) over = 'out';
  };
  /** The reply the inputs hold, or why it cannot be one. */
  const readReply = (g: string): number | string => {
    if (rules.fns.readReply) return rules.fns.readReply(rules.data, g, patternNow(), ui);
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
    const t = $('play-text').value.trim();
    for (let c = 0; c < n; c++) if (replyName(rules, c) === t) return c;
    return `"${t}" is not a reply of this game${n <= 12 ? ` (${Array.from({ length: n }, (_, c) => replyName(rules, c)).join(' ')})` : ''}`;
  };
  const drawPlay = (message: string, error: string): void => {
    const g = currentGuess();
    const gName = guessName(g);
    const children: DomElement[] = [];
    const history = h('ol', { id: 'play-history' });
    let pat = blank;
    for (const st of steps) {
      pat = boardAfter(rules, pat, guessName(st.guess), st.code);
      history.append(
        h(
          'li',
          { 'data-guess': guessName(st.guess), 'data-reply': replyName(rules, st.code) },
          replyView(rules, ui, guessName(st.guess), st.code, pat, false),
        ),
      );
    }
    play.setAttribute('data-state', over);
    play.setAttribute('data-guess', over === 'playing' ? gName : '');
    play.setAttribute('data-candidates', String(candidates.length));
    if (steps.length) children.push(h('div', null, h('h3', null, 'Your replies so far'), history));
    if (over === 'playing') {
      const turn = h(
        'p',
        { id: 'play-turn' },
        `Guess ${steps.length + 1}${rules.fixedAttempts ? ` of ${guessLimitOf(rules, tree.guess.length)}` : ''}: `,
        h('strong', { id: 'play-guess' }, gName),
      );
      children.push(turn);
      const fields = h('fieldset', { id: 'play-reply' }, h('legend', null, 'Your reply'));
      if (rules.fns.replyInputs) {
        fields.append(...rules.fns.replyInputs(rules.data, gName, patternNow(), ui));
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
      children.push(fields);
    }
    const buttons = h('div', { class: 'buttons' });
    if (over === 'playing') buttons.append(h('button', { type: 'button', id: 'play-submit' }, 'Submit reply'));
    buttons.append(
      h('button', { type: 'button', id: 'play-undo', disabled: steps.length === 0 }, 'Undo'),
      h('button', { type: 'button', id: 'play-restart' }, 'Restart'),
    );
    children.push(buttons);
    children.push(h('p', { id: 'play-error', class: 'error', role: 'alert' }, error));
    children.push(h('p', { id: 'play-status', role: 'status' }, message));
    const few = candidates.length <= 20;
    children.push(
      h(
        'p',
        { id: 'play-count-text' },
        over === 'solved' ? '' : `${secretsText(candidates.length)} still possible${few ? ':' : ''}`,
      ),
    );
    const cands = h('ul', { id: 'play-candidates', class: 'inline' });
    if (few && over !== 'solved') for (const s of candidates) cands.append(h('li', null, model.secrets[s]));
    children.push(cands);
    area.replaceChildren(...children);
    const submit = area.querySelector('#play-submit');
    if (submit) submit.addEventListener('click', onSubmit);
    $('play-undo').addEventListener('click', () => {
      steps = steps.slice(0, -1);
      replay();
      drawPlay('Took back the last reply.', '');
    });
    $('play-restart').addEventListener('click', () => {
      steps = [];
      replay();
      drawPlay('New game.', '');
    });
  };
  const onSubmit = (): void => {
    const g = currentGuess();
    const gName = guessName(g);
    const code = readReply(gName);
    if (typeof code === 'string') {
      drawError(code);
      return;
    }
    const kept = consistentWith(model, candidates, gName, code);
    if (kept.length === 0) {
      const after = steps.map((st) => `${guessName(st.guess)} ${replyName(rules, st.code)}`).join(', ');
      const none = rules.impossibleWhy ?? 'no secret in the list gives it';
      drawError(`impossible reply ${replyName(rules, code)} to ${gName}: ${none}${after ? ` after ${after}` : ''}`);
      return;
    }
    steps = [...steps, { guess: g, code }];
    const wasOnTree = node >= 0;
    replay();
    let message: string;
    if (over === 'solved')
      message = `Solved in ${plural(steps.length, 'guess', 'guesses')}: ${model.secrets[candidates[0]] ?? gName}.`;
    else if (over === 'out') message = `Out of guesses; ${secretsText(candidates.length)} still possible.`;
    else if (wasOnTree && node < 0)
      message = 'The tree has no branch for this reply; guessing among the secrets still possible.';
    else message = `Next guess: ${guessName(currentGuess())}.`;
    drawPlay(message, '');
    const next =
      area.querySelector('#play-reply button') ?? area.querySelector('input') ?? area.querySelector('#play-restart');
    if (next) next.focus();
  };
  const drawError = (why: string): void => {
    $('play-error').textContent = why;
    play.setAttribute('data-error', why);
  };
  replay();
  drawPlay('', '');

  document.documentElement.setAttribute('data-ready', 'true');
  window.explorerReadyAt = performance.now();
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
  hardestOf,
  histogramOf,
  consistentWith,
  h,
  pageUi,
  replyView,
  boardAfter,
  histogramSvg,
  explorerMain,
  explorerBoot,
];

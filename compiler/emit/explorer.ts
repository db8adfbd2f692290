/**
 * The tree explorer: one self-contained HTML page for one tree. A pure function from the tree,
 * its names and its summary to a string; the page carries its data (the four tree arrays as
 * base64 of little-endian bytes of the narrowest width, the names newline-joined), its CSS and
 * its code (compiler/emit/explorer-client.ts, embedded with Function.prototype.toString()), and
 * fetches nothing: a Content-Security-Policy forbids every request.
 *
 * The page shows the summary, the distribution as an inline SVG bar chart, a search box for one
 * secret's path, a tree browser built as nodes are opened, and a play mode for a person's own
 * game. Elements tests and scripts rely on: `#search`, `#path` (rows `li[data-guess]`), `#tree`,
 * `#play` (`data-state`, `data-guess`), `html[data-ready="true"]` once the first render is done
 * (and `window.explorerReadyAt`, ms since navigation start).
 */
import { fail } from '../../runtime/errors.js';
import type { ListRef, ParamValue, TreeArrays } from '../../runtime/tree-format.js';
import type { ExplorerMetric, ExplorerReplyFns, ExplorerRules } from '../games/explorer-rules.js';
import { CLIENT_FUNCTIONS, type PackedArray, type PageData } from './explorer-client.js';

export type { ExplorerMetric, ExplorerRules } from '../games/explorer-rules.js';

export interface ExplorerInput {
  readonly title: string; // e.g. "lingo-len5" or "MM(5,8)"
  readonly game: string; // header.game
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly lists: readonly ListRef[]; // {role, count, sha256}
  readonly summary: readonly string[]; // the objective in the game's own words, one line each, and what is proven
  readonly toolVersion: string;
  readonly secrets: readonly string[]; // secret index -> name
  readonly guesses: readonly string[]; // guess index -> name
  readonly rules: ExplorerRules;
  readonly tree: TreeArrays; // nodes in preorder; the solved reply is never stored
  /** What the tree browser averages per subtree (the module's `explorerMetric`; default: guesses). */
  readonly metric?: ExplorerMetric;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (no Node Buffer: this module only builds a string). */
export function base64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const x = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chunk += B64[x >>> 18] + B64[(x >>> 12) & 63] + B64[(x >>> 6) & 63] + B64[x & 63];
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  if (i < n) {
    const a = bytes[i];
    const b = i + 1 < n ? bytes[i + 1] : 0;
    const x = (a << 16) | (b << 8);
    chunk += `${B64[x >>> 18] + B64[(x >>> 12) & 63] + (i + 1 < n ? B64[(x >>> 6) & 63] : '=')}=`;
  }
  parts.push(chunk);
  return parts.join('');
}

/** Little-endian bytes of the narrowest width (1, 2 or 4) that holds every entry, as base64. */
export function packForPage(a: Uint32Array): PackedArray {
  let max = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > max) max = a[i];
  const w = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
  const b = new Uint8Array(a.length * w);
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    for (let k = 0; k < w; k++) b[i * w + k] = (v >>> (8 * k)) & 0xff;
  }
  return { w, n: a.length, b: base64(b) };
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON that is safe inside a <script> element: no `<` (so no `</script>` or `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The rules as the page's JSON carries them: all but the functions. */
function rulesData(rules: ExplorerRules): Omit<ExplorerRules, 'fns'> {
  const { fns: _fns, ...rest } = rules;
  return rest;
}

function defaultMetric(input: ExplorerInput): ExplorerMetric {
  return input.metric ?? 'guesses';
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function checkInput(input: ExplorerInput): void {
  const { tree, secrets, guesses } = input;
  const where = `explorer for ${input.title}`;
  for (const [what, names] of [
    ['secret', secrets],
    ['guess', guesses],
  ] as const) {
    if (names.length === 0) throw fail('usage', `${where}: no ${what} names`);
    for (const n of names) {
      if (n === '' || n.includes('\n'))
        throw fail('usage', `${where}: ${what} name ${JSON.stringify(n)} is empty or holds a newline`);
    }
  }
  const nodes = tree.guess.length;
  if (nodes === 0 || tree.edgeStart.length !== nodes + 1 || tree.edgeCode.length !== tree.edgeChild.length) {
    throw fail('tree-file', `${where}: the tree arrays do not fit together`);
  }
  for (let v = 0; v < nodes; v++) {
    if (tree.guess[v] >= guesses.length)
      throw fail('tree-file', `${where}: node ${v} guesses ${tree.guess[v]}, past the ${guesses.length} guess names`);
  }
}

/** A parameter as a person reads it: `hard: no`, `pegs: 5`, `words: 12,578`. */
function paramText(k: string, v: ParamValue): string {
  return `${k}: ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : typeof v === 'number' ? v.toLocaleString('en-US') : String(v)}`;
}

/**
 * The page's title, the same pattern for every game: `wordle (length: 5, attempts: 6, hard: no)`;
 * a game file's by its name: `hilo-100 (maxGuesses: 7)` (`jotto`: no guess limit).
 */
export function explorerTitle(game: string, params: Readonly<Record<string, ParamValue>>): string {
  const named = game === 'file' && typeof params.name === 'string';
  const parts = Object.entries(params)
    .filter(([k, v]) => !named || (k !== 'name' && !(k === 'maxGuesses' && v === 0)))
    .map(([k, v]) => paramText(k, v));
  const title = named ? String(params.name) : game;
  return parts.length ? `${title} (${parts.join(', ')})` : title;
}

function paramsText(params: Readonly<Record<string, ParamValue>>): string {
  const parts = Object.entries(params).map(([k, v]) => paramText(k, v));
  return parts.length ? parts.join(', ') : '(none)';
}

/** The page's style before the reply kind's own rules. */
const CSS_HEAD = `
:root{--fg:#1b1b1b;--bg:#fff;--muted:#595959;--line:#d0d0d0;--accent:#0b57d0;--green:#2e7d32;--yellow:#a87900;--grey:#5f6368;--bad:#b3261e;color-scheme:light}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
header,main{max-width:62rem;margin:0 auto;padding:0 1rem}
header{padding-top:.75rem}
h1{font-size:1.5rem;margin:.25rem 0}
h2{font-size:1.2rem;margin:.5rem 0}
h3{font-size:1rem;margin:.5rem 0 .25rem}
.sub{color:var(--muted);margin:0 0 .5rem}
section{border-top:1px solid var(--line);padding:.25rem 0 1rem}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.15rem .9rem;margin:.25rem 0}
dt{font-weight:600}
dd{margin:0}
@media (max-width:32rem){dl{grid-template-columns:minmax(0,1fr)}dd{margin:0 0 .35rem}}
ul.lines{margin:.25rem 0;padding-left:1.2rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.sr-only{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
#histogram svg{display:block;width:100%;max-width:34rem;height:auto}
#histogram .bar{fill:var(--accent)}
#histogram .bar.bad{fill:var(--bad)}
#histogram text{font-size:13px;fill:var(--fg)}
form.search{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
input,button{font:inherit}
input[type=search]{flex:1 1 12rem;min-width:0;padding:.35rem .5rem}
input[type=number]{width:4.5em;padding:.25rem}
button{padding:.35rem .8rem;border:1px solid #888;border-radius:4px;background:#f3f3f3;color:var(--fg);cursor:pointer}
button:disabled{opacity:.5;cursor:default}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
#path{padding-left:0;list-style:none}
#path li,#play-history li{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.3rem 0}
#play-history{padding-left:0;list-style:none}
.n{color:var(--muted);min-width:1.6em}
.reply{display:inline-flex;flex-wrap:wrap;gap:.4rem;align-items:center}
`;

/** The style after the reply kind's own rules (which follow CSS_HEAD). */
const CSS_TAIL = `
.reply-text{white-space:nowrap}
#tree ul{list-style:none;margin:0;padding-left:.55rem;border-left:1px solid var(--line)}
#tree li{margin:.1rem 0}
#tree .root{margin:.25rem 0}
details>summary{cursor:pointer;padding:.15rem 0}
details.reply-row>summary{display:flex;flex-wrap:wrap;gap:.35rem;align-items:center}
details.reply-row>summary::before{content:"▸";color:var(--muted)}
details.reply-row[open]>summary::before{content:"▾"}
details.reply-row>summary::-webkit-details-marker{display:none}
details.reply-row>summary{list-style:none}
.meta{color:var(--muted)}
.end{color:var(--muted);display:flex;flex-wrap:wrap;gap:.35rem;align-items:center}
.end::before{content:"▸";visibility:hidden}
.end.lost{color:var(--bad)}
.hardest{margin:.15rem 0;font-size:.92em}
.hardest-list{margin:.2rem 0;padding-left:1.4rem}
.node-body{padding-left:.3rem}
fieldset{border:1px solid var(--line);border-radius:4px;margin:.5rem 0;min-width:0}
.field{display:inline-flex;align-items:center;gap:.3rem;margin:.2rem .6rem .2rem 0}
.buttons{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
.hint{color:var(--muted);margin:.2rem 0}
.error{color:var(--bad);min-height:1em}
ul.inline{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3rem .8rem}
#page-error{color:var(--bad);font-weight:600}
`;

/** The reply functions a page embeds (ExplorerReplyFns), in the order they are written. */
const REPLY_FNS = [
  'codes',
  'solved',
  'reply',
  'name',
  'describe',
  'numberError',
  'view',
  'guessView',
  'replyInputs',
  'readReply',
  'boardStart',
  'boardAfter',
  'offTreeGuess',
  'outcome',
] as const satisfies ReadonlyArray<keyof ExplorerReplyFns>;

/**
 * The page's `pageReplyFns()`: the reply kind's functions (ExplorerReplyFns), each as its
 * source (a function expression, an arrow or a method).
 */
function replyFnsSource(rules: ExplorerRules): string {
  const props: string[] = [];
  for (const key of REPLY_FNS) {
    const f = rules.fns[key];
    if (f === undefined) continue;
    if (typeof f !== 'function') throw new Error(`explorer: the ${rules.name} reply kind's ${key} is not a function`);
    const src = f.toString();
    // A method (`name(data, code) { ... }`) is a property as it is; anything else gets its key.
    props.push(
      /^(async\s+)?function\b|=>/.test(src.slice(0, src.indexOf('{') < 0 ? undefined : src.indexOf('{')))
        ? `${key}: ${src}`
        : src,
    );
  }
  return `function pageReplyFns() { return { ${props.join(',\n')} }; }`;
}

/** The page for one tree. Deterministic: the same input gives the same string. */
export function renderExplorer(input: ExplorerInput): string {
  checkInput(input);
  const same = sameNames(input.secrets, input.guesses);
  const data: PageData = {
    title: input.title,
    game: input.game,
    rules: rulesData(input.rules),
    metric: defaultMetric(input),
    secrets: input.secrets.join('\n'),
    guesses: same ? null : input.guesses.join('\n'),
    tree: {
      guess: packForPage(input.tree.guess),
      edgeStart: packForPage(input.tree.edgeStart),
      edgeCode: packForPage(input.tree.edgeCode),
      edgeChild: packForPage(input.tree.edgeChild),
    },
  };
  const t = escapeHtml(input.title);
  const lists = input.lists.length
    ? input.lists
        .map(
          (l) =>
            `<li>${escapeHtml(l.role)}: ${l.count.toLocaleString('en-US')} (sha256 <code title="${escapeHtml(l.sha256)}">${escapeHtml(l.sha256.slice(0, 12))}</code>)</li>`,
        )
        .join('')
    : '<li>none (the codes are generated)</li>';
  const summary = input.summary.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const script = `${CLIENT_FUNCTIONS.map((f) => f.toString()).join('\n')}\n${replyFnsSource(input.rules)}\nexplorerBoot();`;
  // The code is written into a <script> element as it is: it must not end the element early.
  if (/<\/script|<!--/i.test(script)) throw new Error('explorer client code holds "</script" or "<!--"');
  const playHelp =
    input.rules.playHelp ?? 'Play your own game: the page shows its guess; type the reply your game gave, then submit.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">
<link rel="icon" href="data:,">
<title>${t} — guesstree explorer</title>
<style>${CSS_HEAD}${input.rules.css ?? ''}${CSS_TAIL}</style>
</head>
<body>
<header>
<h1>${t}</h1>
<p class="sub">guesstree decision tree explorer</p>
<p id="page-error" role="alert" hidden></p>
<noscript><p>This page needs JavaScript for the chart, the search, the tree and the play mode.</p></noscript>
</header>
<main>
<section id="summary" aria-labelledby="h-summary">
<h2 id="h-summary">Summary</h2>
<dl>
<dt>Game</dt><dd data-field="game">${escapeHtml(input.game)}</dd>
<dt>Parameters</dt><dd data-field="params">${escapeHtml(paramsText(input.params))}</dd>
<dt>Lists</dt><dd data-field="lists"><ul class="lines">${lists}</ul></dd>
<dt>Tool</dt><dd data-field="tool">guesstree ${escapeHtml(input.toolVersion)}</dd>
</dl>
<ul id="summary-lines" class="lines">${summary}</ul>
<p id="tree-size"></p>
</section>
<section id="distribution" aria-labelledby="h-distribution">
<h2 id="h-distribution">Distribution</h2>
<div id="histogram"></div>
</section>
<section id="find" aria-labelledby="h-find">
<h2 id="h-find">Find a secret</h2>
<form id="search-form" class="search" role="search">
<label for="search">Secret</label>
<input id="search" type="search" autocomplete="off" autocapitalize="none" spellcheck="false" aria-describedby="path-status">
<button type="submit">Show path</button>
</form>
<p id="path-status" aria-live="polite"></p>
<ol id="path" aria-label="the guesses for this secret"></ol>
</section>
<section id="play" aria-labelledby="h-play">
<h2 id="h-play">Play</h2>
<p class="hint">${escapeHtml(playHelp)}</p>
<div id="play-area" aria-live="polite"></div>
</section>
<section id="browser" aria-labelledby="h-browser">
<h2 id="h-browser">The tree</h2>
<p class="hint">Each reply shows how many secrets give it, their mean and the next guess; open it for the replies below.</p>
<div id="tree"></div>
</section>
</main>
<script type="application/json" id="explorer-data">${scriptJson(data)}</script>
<script>
${script}
</script>
</body>
</html>
`;
}

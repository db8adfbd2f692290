// No function longer than LIMIT lines in compiler/ or runtime/ (DEVELOPERS.md). Every function,
// method, constructor, accessor and arrow is measured from its first token (its doc comment left
// out) to its closing one, nested ones on their own; each one over the limit is printed as
// `file:line: name is N lines (limit LIMIT)`. Exit 1 on any, or on an allow-list entry that no
// longer names a long function (then drop it from the list). Parsed by TypeScript's own parser.
import { dirname, relative, resolve } from 'node:path';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const LIMIT = 120;

// Long functions still waiting for their split, as `file: qualified name`. Each is in code that
// other open work is rewriting; remove an entry when its function comes under the limit (the check
// fails while an entry names nothing long, so the list can only shrink). Never add one.
const ALLOWED = new Set([]);

const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

/** The name a function is known by: its own, or that of the variable, property or class holding it. */
function ownName(node) {
  if (node.kind === SyntaxKind.Constructor) return 'constructor';
  if (node.name) return node.name.text ?? node.name.getText();
  const holder = node.parent;
  if (
    holder &&
    (holder.kind === SyntaxKind.VariableDeclaration ||
      holder.kind === SyntaxKind.PropertyAssignment ||
      holder.kind === SyntaxKind.PropertyDeclaration) &&
    holder.name
  )
    return holder.name.text ?? holder.name.getText();
  return '(anonymous)';
}

function measure(file, sourceFile, found) {
  const visit = (node, scope) => {
    let inner = scope;
    if (FUNCTION_KINDS.has(node.kind)) {
      const name = [...scope, ownName(node)].join('.');
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name, line: first + 1, lines: last - first + 1 });
      inner = [...scope, ownName(node)];
    } else if ((node.kind === SyntaxKind.ClassDeclaration || node.kind === SyntaxKind.ClassExpression) && node.name) {
      inner = [...scope, node.name.text];
    }
    node.forEachChild((child) => {
      visit(child, inner);
    });
  };
  visit(sourceFile, []);
}

const api = new API({ cwd: root });
const found = [];
try {
  const project = api.updateSnapshot({ openProject: resolve(root, 'tsconfig.json') }).getProjects()[0];
  for (const path of project.program.getSourceFileNames()) {
    const file = relative(root, path);
    if (!/^(compiler|runtime)\//.test(file) || file.endsWith('.d.ts') || file.includes('.generated.')) continue;
    measure(file, project.program.getSourceFile(path), found);
  }
} finally {
  api.close();
}

const long = found.filter((f) => f.lines > LIMIT);
const breaches = long.filter((f) => !ALLOWED.has(`${f.file}: ${f.name}`));
const stale = [...ALLOWED].filter((key) => !long.some((f) => `${f.file}: ${f.name}` === key));
for (const f of breaches) console.error(`${f.file}:${f.line}: ${f.name} is ${f.lines} lines (limit ${LIMIT})`);
for (const key of stale) console.error(`scripts/build/function-lengths.mjs: '${key}' is allowed but not long: drop it`);
if (process.argv.includes('--all')) for (const f of long) console.log(`${f.file}:${f.line}: ${f.name} ${f.lines}`);
if (breaches.length > 0 || stale.length > 0) process.exit(1);
console.log(`functions: none over ${LIMIT} lines in compiler/ and runtime/ but the ${ALLOWED.size} listed as waiting`);

/**
 * What `require('guesstree')` loads (package.json `exports`, condition `require`): guesstree is an
 * ES module only (Node 20's require() of an ES module is experimental), so a CommonJS caller gets
 * one line saying how to load it, instead of ERR_PACKAGE_PATH_NOT_EXPORTED.
 */
class GuesstreeError extends Error {
  readonly kind = 'usage';
  readonly status = 2;
  readonly code = 'ERR_REQUIRE_ESM';
  constructor(message: string) {
    super(message);
    this.name = 'GuesstreeError';
  }
}

throw new GuesstreeError(
  "guesstree is an ES module only: load it with `const { compile, openTree, verify } = await import('guesstree')` (or `import` in an ES module), not require()",
);

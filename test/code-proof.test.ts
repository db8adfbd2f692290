/**
 * A code game's proof and certificate: `compile --exact` writes the proof beside the tree (one
 * line per first-guess class) and the certificate of every settled subproblem into its
 * checkpoint folder; `verify` checks both against the tree (the certificate's facts laid out
 * again without search), `export --format proof` prints the proof (or the one the certificate
 * proves), and a run that has only the certificate goes on from it to the same bytes.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, lines, removeDir, tempDir } from './support/e2e.js';

const MM44 = ['--game', 'mastermind', '--pegs', '4', '--colors', '4'];

describe('--exact: the proof and the certificate', () => {
  let dir: string;
  let trees: string;
  let tree: string;
  let ck: string;
  beforeAll(async () => {
    dir = tempDir('code-proof');
    trees = join(dir, 'trees');
    tree = join(dir, 'mm44.gtree');
    ck = join(dir, 'ck');
    const r = await cli(['compile', ...MM44, '--exact', '--workers', '2', '--checkpoint', ck, '--out', tree], {
      trees,
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
  });
  afterAll(() => removeDir(dir));

  // With two workers a class other than the optimum's may be solved exactly by a task run while a
  // worker was free: the certificate keeps that, the proof states only what every run proves.
  it('the proof beside the tree: one line per class, the optimum exact, the others bounded at or above it', () => {
    const proof = readFileSync(join(dir, 'mm44.proof.txt'), 'utf8').split('\n');
    expect(proof[0]).toMatch(
      /^# guesstree mastermind proof; game mastermind-p4c4; codes 256; classes 5; least 905; cpu \d+\.\d s; guesstree \S+$/,
    );
    expect(proof.slice(1, -1).map((l) => l.split('\t')[0])).toEqual(['AAAA', 'AAAB', 'AABB', 'AABC', 'ABCD']);
    expect(proof.slice(1, -1).filter((l) => l.endsWith('\t=905'))).toHaveLength(1);
    for (const l of proof.slice(1, -1)) if (!l.endsWith('\t=905')) expect(l).toMatch(/^[A-D]{4}\t>=\d+$/);
    for (const l of proof.slice(1, -1)) expect(Number(l.split(/>?=/)[1])).toBeGreaterThanOrEqual(905);
  });

  it('verify checks the proof and the certificate against the tree; export prints the proof', async () => {
    copyFileSync(join(ck, 'exact-certificate.txt'), join(dir, 'mm44.certificate.txt'));
    const v = await cli(['verify', '--tree', tree], { trees });
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^certificate: .*mm44\.certificate\.txt: \d+ settled subproblems .*none above the tree/m);
    expect(v.stdout).toMatch(
      /^proof: .*: 5 first-guess classes \(\d exact, \d bounded\); optimum 905 \(\w+\), the tree's total; every line follows from the certificate$/m,
    );
    const [, exact, bounded] = /\((\d) exact, (\d) bounded\)/.exec(v.stdout) as RegExpExecArray;
    const proofLines = lines(readFileSync(join(dir, 'mm44.proof.txt'), 'utf8')).slice(1);
    expect(Number(exact)).toBe(proofLines.filter((l) => /\t=/.test(l)).length);
    expect(Number(bounded)).toBe(proofLines.filter((l) => /\t>=/.test(l)).length);
    const e = await cli(['export', '--format', 'proof', '--tree', tree], { trees });
    expect(e.code, e.stderr).toBe(0);
    expect(e.stdout).toBe(readFileSync(join(dir, 'mm44.proof.txt'), 'utf8'));
    // stats and verify say the total is the proven optimum, as the compile recorded it.
    const s = await cli(['stats', '--tree', tree], { trees });
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/^mean: [\d.]+ guesses \(total 905; recorded by its compile: proven optimal\)/m);
    expect(v.stdout).toMatch(/^total guesses: 905; recorded by its compile: proven optimal$/m);
  });

  it('a proof line the certificate does not prove, or a fact the tree refutes: one line, refused', async () => {
    const other = join(dir, 'bad');
    mkdirSync(other);
    const t = join(other, 'mm44.gtree');
    copyFileSync(tree, t);
    const proof = readFileSync(join(dir, 'mm44.proof.txt'), 'utf8');
    const cert = readFileSync(join(ck, 'exact-certificate.txt'), 'utf8');
    // A class other than the optimum's claimed far higher than anything the certificate proves.
    const bounded = lines(proof)
      .slice(1)
      .find((l) => !l.endsWith('\t=905'));
    const code = (bounded as string).split('\t')[0];
    writeFileSync(join(other, 'mm44.proof.txt'), proof.replace(bounded as string, `${code}\t>=9999`));
    writeFileSync(join(other, 'mm44.certificate.txt'), cert);
    const a = await cli(['verify', '--tree', t], { trees });
    expect(a.code).not.toBe(0);
    expect(a.stdout).not.toMatch(/verify: ok/);
    expect(lines(a.stderr)).toHaveLength(1);
    expect(a.stderr).toMatch(new RegExp(`${code} >=9999 does not follow from the certificate`));
    // A group the tree plays in N guesses claimed at least N + 1.
    writeFileSync(join(other, 'mm44.proof.txt'), proof);
    // The optimum's class: the tree's opener, whose groups the tree plays.
    const opener = (lines(proof).find((l) => l.endsWith('\t=905')) as string).split('\t')[0];
    const fact = lines(cert).find((l) => new RegExp(`^${opener}:\\d\\d\t=`).test(l)) as string;
    const [path, v] = fact.split('\t=');
    const [cost, depth] = v.split(' ');
    writeFileSync(join(other, 'mm44.certificate.txt'), cert.replace(fact, `${path}\t>=${Number(cost) + 1} ${depth}`));
    const b = await cli(['verify', '--tree', t], { trees });
    expect(b.code).not.toBe(0);
    expect(lines(b.stderr)).toHaveLength(1);
    expect(b.stderr).toMatch(/is proven at least \d+ guesses, but the tree plays it in \d+/);
  });

  it('verify --recheck N: facts searched again from scratch; a false one refused, and none without a certificate', async () => {
    const all = await cli(['verify', '--tree', tree, '--recheck', '1000000'], { trees });
    expect(all.code, all.stderr).toBe(0);
    const facts = lines(readFileSync(join(ck, 'exact-certificate.txt'), 'utf8')).length - 1;
    expect(all.stdout).toMatch(
      new RegExp(
        `^recheck: ${facts} of ${facts} settled subproblems searched again \\(all of them\\), each as it says; [\\d.]+ s of CPU$`,
        'm',
      ),
    );
    const some = await cli(['verify', '--tree', tree, '--recheck', '3'], { trees });
    expect(some.code, some.stderr).toBe(0);
    expect(some.stdout).toMatch(
      /^recheck: 3 of \d+ settled subproblems searched again \(one in \d+, in the certificate's order\)/m,
    );
    // An exact fact claimed one guess cheaper: the search finds its true optimum.
    const other = join(dir, 'recheck');
    mkdirSync(other);
    const t = join(other, 'mm44.gtree');
    copyFileSync(tree, t);
    const cert = readFileSync(join(ck, 'exact-certificate.txt'), 'utf8');
    const fact = lines(cert).find((l) => /\t=\d+ \d+$/.test(l)) as string;
    const [path, v] = fact.split('\t=');
    const [cost, depth] = v.split(' ');
    writeFileSync(join(other, 'mm44.certificate.txt'), cert.replace(fact, `${path}\t=${Number(cost) - 1} ${depth}`));
    const bad = await cli(['verify', '--tree', t, '--recheck', '1000000'], { trees });
    expect(bad.code).toBe(3);
    expect(bad.stdout).not.toMatch(/verify: ok/);
    expect(lines(bad.stderr)).toHaveLength(1);
    expect(bad.stderr).toContain(
      `${path} =${Number(cost) - 1} ${depth} does not hold: searched again, no plan of ${Number(cost) - 1} guesses and depth ${depth} or less`,
    );
    // No certificate beside the tree: nothing to recheck, said in one line.
    const bare = join(dir, 'bare');
    mkdirSync(bare);
    copyFileSync(tree, join(bare, 'mm44.gtree'));
    const none = await cli(['verify', '--tree', join(bare, 'mm44.gtree'), '--recheck', '5'], { trees });
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(lines(none.stderr)).toHaveLength(1);
    expect(none.stderr).toMatch(/--recheck 5: no certificate beside .*mm44\.gtree/);
  });

  it('a run with only the certificate goes on from it: the same bytes', async () => {
    const only = join(dir, 'only');
    mkdirSync(only);
    // Earlier pieces counted 5,000 s of CPU: the resumed run's proof counts them too.
    const counted = readFileSync(join(ck, 'exact-certificate.txt'), 'utf8').replace(
      /; cpu [\d.]+ s;/,
      '; cpu 5000.0 s;',
    );
    writeFileSync(join(only, 'exact-certificate.txt'), counted);
    const out = join(dir, 'again.gtree');
    // Without --resume the certificate is not overwritten: the folder is refused.
    const refused = await cli(['compile', ...MM44, '--exact', '--workers', '1', '--checkpoint', only, '--out', out], {
      trees,
    });
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toMatch(/holds the certificate of an earlier exact search .*pass --resume/);
    expect(readFileSync(join(only, 'exact-certificate.txt'), 'utf8')).toBe(counted);
    const r = await cli(
      ['compile', ...MM44, '--exact', '--workers', '1', '--checkpoint', only, '--resume', '--out', out],
      {
        trees,
        timeoutMs: 60_000,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out).equals(readFileSync(tree))).toBe(true);
    // One worker resumed from two workers' facts: the proof's lines are the same (its `#` line has the CPU time).
    const proofRows = (file: string) => lines(readFileSync(join(dir, file), 'utf8')).slice(1);
    expect(proofRows('again.proof.txt')).toEqual(proofRows('mm44.proof.txt'));
    const cpu = (file: string) => Number(/; cpu ([\d.]+) s;/.exec(readFileSync(file, 'utf8'))?.[1]);
    expect(cpu(join(dir, 'again.proof.txt'))).toBeGreaterThanOrEqual(5000);
    expect(cpu(join(only, 'exact-certificate.txt'))).toBeGreaterThanOrEqual(5000);
  });
});

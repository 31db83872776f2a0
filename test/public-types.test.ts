/**
 * A TypeScript user of the main entry (`import … from 'caissa'`) can name every type its exports
 * take and give: the parameters and results of its functions, of its classes' constructors,
 * methods and fields, and the fields of the interfaces reached. The built declarations
 * (`dist/index.d.ts`, as the exports map gives them) are read with the compiler; a caissa type
 * reached but not exported would leave the user to write `any` or import from a subpath.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The package's root (dist-test/test is two levels below it). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** caissa's own named types reached from the main entry's exports but not exported by it. */
function unexportedTypes(entry: string): Map<string, string> {
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true });
  const checker = program.getTypeChecker();
  const own = (sym: ts.Symbol): boolean => sym.declarations?.some((d) => d.getSourceFile().fileName.startsWith(`${ROOT}dist/`)) ?? false;
  const resolve = (s: ts.Symbol): ts.Symbol => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  // A namespace export (`export * as paco from …`) exports its members: each is checked as the
  // entry's own, and the types they reach must be exported there or at the top.
  const exports: ts.Symbol[] = [];
  const expand = (list: readonly ts.Symbol[]): void => {
    for (const s of list) {
      const target = resolve(s);
      if (target.flags & ts.SymbolFlags.ValueModule) expand(checker.getExportsOfModule(target));
      else exports.push(s);
    }
  };
  expand(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!));
  const exported = new Set(exports.map(resolve));
  const NAMED = ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;
  const missing = new Map<string, string>();
  const seen = new Set<ts.Type>();

  const visitSignature = (sig: ts.Signature, where: string): void => {
    for (const p of sig.getParameters()) visitType(checker.getTypeOfSymbol(p), `${where}(${p.name})`);
    visitType(sig.getReturnType(), `${where}: result`);
  };
  const visitType = (t: ts.Type, where: string): void => {
    if (seen.has(t)) return;
    seen.add(t);
    const sym = t.aliasSymbol ?? t.getSymbol();
    if (sym !== undefined && own(sym)) {
      if (sym.flags & NAMED && !exported.has(sym) && !missing.has(sym.name)) missing.set(sym.name, where);
      if (sym.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeLiteral)) {
        for (const p of checker.getPropertiesOfType(t)) visitType(checker.getTypeOfSymbol(p), `${where}.${p.name}`);
      }
    }
    for (const a of t.aliasTypeArguments ?? []) visitType(a, where);
    if (t.isUnionOrIntersection()) for (const u of t.types) visitType(u, where);
    if (t.flags & ts.TypeFlags.Object && (t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) {
      for (const a of checker.getTypeArguments(t as ts.TypeReference)) visitType(a, where);
    }
    for (const sig of t.getCallSignatures()) visitSignature(sig, where);
  };

  for (const s of exports) {
    const target = resolve(s);
    if (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) visitType(checker.getTypeOfSymbol(target), s.name);
    if (target.flags & ts.SymbolFlags.Class) {
      const hidden = (p: ts.Symbol): boolean =>
        p.valueDeclaration !== undefined && (ts.getCombinedModifierFlags(p.valueDeclaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
      for (const p of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(target))) {
        if (!hidden(p)) visitType(checker.getTypeOfSymbol(p), `${s.name}.${p.name}`);
      }
      const statics = checker.getTypeOfSymbol(target);
      for (const sig of statics.getConstructSignatures()) visitSignature(sig, `new ${s.name}`);
      for (const p of checker.getPropertiesOfType(statics)) {
        if (p.name !== 'prototype' && !hidden(p)) visitType(checker.getTypeOfSymbol(p), `${s.name}.${p.name}`);
      }
    }
  }
  return missing;
}

test("every caissa type that the main entry's exports take or give is exported by it", () => {
  const missing = unexportedTypes(`${ROOT}dist/index.d.ts`);
  assert.deepEqual([...missing].map(([name, where]) => `${name} (in ${where})`), []);
});

test('the check names the types an entry leaves out, through results and interface fields', () => {
  // An entry exporting parseUci and replayPgn alone leaves out UciError (parseUci's error),
  // ReplayRecord (replayPgn's items) and ReplayError (a field of ReplayRecord).
  const dir = mkdtempSync(join(ROOT, 'dist-test', 'public-types-'));
  try {
    const entry = join(dir, 'entry.d.ts');
    writeFileSync(entry, "export { parseUci, replayPgn } from '../../dist/index.js';\n");
    const missing = unexportedTypes(entry);
    for (const name of ['UciError', 'ReplayRecord', 'ReplayError']) assert.ok(missing.has(name), `${name} not named: ${[...missing.keys()].join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Analysis with a real TypeScript program behind the TypeOracle, as typed ESLint linting provides it. */
import { parseAndGenerateServices } from '@typescript-eslint/typescript-estree';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { analyzeContext } from '../../engine/analyze.js';
import { FileContext } from '../../engine/parse/file-context.js';
import type { LoadedCatalog } from '../../engine/catalog/catalog.js';
import { createTypeOracle } from '../../engine/detectors/type-oracle.js';
import type { Match, Notice } from '../../engine/types.js';

/** Type-checks one in-memory file (strict, ES2022 lib) and runs the given notices over it with types. */
export function typedMatches(text: string, catalog: LoadedCatalog, notices: readonly Notice[]): Match[] {
  const filePath = join(tmpdir(), 'collab-migrate-typed.ts');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === filePath ? ts.createSourceFile(name, text, language, true) : getSourceFile(name, language, ...rest));
  host.fileExists = (name) => name === filePath || ts.sys.fileExists(name);
  host.readFile = (name) => (name === filePath ? text : ts.sys.readFile(name));
  const program = ts.createProgram([filePath], options, host);
  const { ast, services } = parseAndGenerateServices(text, { filePath, programs: [program], range: true, loc: true });
  const types = createTypeOracle(program, (n) => services.esTreeNodeToTSNodeMap.get(n));
  return analyzeContext(new FileContext(filePath, text, ast), { catalog, notices, types });
}

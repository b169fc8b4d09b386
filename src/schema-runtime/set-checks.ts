/**
 * Checks a candidate set of schema documents completely before it may replace the running one:
 * every `$ref` resolves, no bounds contradict each other, every grid layout can be drawn, every
 * science domain and field has a stored value and names, every resource type a sound tag, every
 * schema compiles, every example payload of `schemas/examples/` validates as declared, and no shape
 * the running code was generated from is gone or changed. Each problem names the file, a JSON pointer into it and the
 * reason in plain words. Pure: the documents and examples are handed in (`node.ts` reads them).
 */
import type { SchemaDoc } from './schema-catalog';
import type { SchemaSet } from './schema-set';
import { dedupe, type SchemaExample, type SchemaProblem, type ShapeSignature } from './set-problems';
import { checkBounds, checkRefs } from './set-check-refs';
import { compileSet } from './set-check-compile';
import { examplesAgainst } from './set-check-examples';
import { shapeChanges, shapeSignature } from './set-check-shapes';
import { checkTableLayouts } from './set-check-tables';
import { checkScienceDomains } from './set-check-science';
import { checkResourceTypes } from './set-check-resource-types';

export { NEEDS_RELEASE, type SchemaExample, type SchemaProblem, type ShapeSignature } from './set-problems';
export { checkBounds, checkRefs } from './set-check-refs';
export { compileProblems } from './set-check-compile';
export { checkExamples, parseSchemaExamples } from './set-check-examples';
export { shapeChanges, shapeSignature } from './set-check-shapes';
export { checkTableLayouts } from './set-check-tables';
export { checkScienceDomains } from './set-check-science';
export { checkResourceTypes } from './set-check-resource-types';


/**
 * Every check, in order — `$ref`s, bounds, grid layouts, science domains, resource types, compiling, examples, shapes against the
 * running code (when `running` is given) — each problem once; `[]` when the documents may go live.
 */
export function checkSchemaDocs(
  docs: readonly SchemaDoc[],
  options: { examples: readonly SchemaExample[]; running?: ShapeSignature },
): SchemaProblem[] {
  return checkSchemaSet(docs, options).problems;
}

/**
 * {@link checkSchemaDocs}, and the set when the documents may go live: built as the runtime builds
 * it, with every schema compiled, so a caller that serves it compiles nothing twice.
 */
export function checkSchemaSet(
  docs: readonly SchemaDoc[],
  options: { examples: readonly SchemaExample[]; running?: ShapeSignature },
): { problems: SchemaProblem[]; set?: SchemaSet } {
  const refs = checkRefs(docs);
  const bounds = checkBounds(docs);
  const tables = checkTableLayouts(docs);
  const science = checkScienceDomains(docs);
  const types = checkResourceTypes(docs);
  const { problems: compiled, set } = compileSet(docs);
  // Examples of schemas that do not compile are left out: the compile problems say why.
  const examples = set ? examplesAgainst(set, options.examples, compiled.length > 0) : [];
  const shapes = options.running ? shapeChanges(options.running, shapeSignature(docs)) : [];
  const problems = dedupe([...refs, ...bounds, ...tables, ...science, ...types, ...compiled, ...examples, ...shapes]);
  return problems.length ? { problems } : { problems, set };
}

import { Project } from 'ts-morph';
import { buildOpenApi31 } from '../build/build-openapi';
import { buildSwagger2 } from '../build/build-spec';
import { type Json } from '../build/dialect';
import { type DocumentInfo } from '../build/document-head';
import { toStableJson } from '../build/stable-json';
import { findSpecProblem } from '../build/validate-spec';
import { extractApi } from '../extract/extract';
import { type Diagnostic } from '../model';
import { buildContract, type ContractTarget } from './build-contract';
import { decoratorFlagsMessage, missingDecoratorFlags } from './decorator-flags';

/** What to generate: the project, the document's info and dialect, and how strict to be. */
export interface GenerateOptions extends DocumentInfo {
  /** Path of the project's tsconfig.json. */
  readonly project: string;
  readonly microservice?: string;
  /** `'3.1'` for OpenAPI 3.1; Swagger 2.0 otherwise. */
  readonly openapi?: '3.1';
  /** Every warning becomes an error. */
  readonly strict?: boolean;
  /** Describes methods of another parameter count than one as RMC operations in Swagger 2.0. */
  readonly rmc?: boolean;
  /** Also writes the runtime's contract (docs/design-contract.md) to this file. */
  readonly contract?: ContractTarget;
}

/** A generated document, its stable text, the findings, and whether it failed validation. */
export interface Generation {
  readonly document: Json;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
  /** The validator's message when the document is not valid. */
  readonly invalid?: string;
  /** The contract's text, when one was asked for. */
  readonly contractText?: string;
}

/**
 * Reads a TypeScript project and builds its API document, validated against the schema of its
 * dialect.
 *
 * @example
 * const { text, diagnostics } = await generateDocument({
 *   project: 'tsconfig.json', title: 'Calc', version: '1.0.0',
 * });
 */
export async function generateDocument(options: GenerateOptions): Promise<Generation> {
  const project = openProject(options.project);
  const missing = missingDecoratorFlags(project.getCompilerOptions());
  const only = options.microservice ? { microservice: options.microservice } : {};
  const contract = options.contract !== undefined;
  const { model, diagnostics: found } = extractApi(project, {
    ...only,
    // RMC operations are OpenAPI 3.1's default; Swagger 2.0 keeps the specification's document.
    rmc: options.openapi === '3.1' || (options.rmc ?? false),
    contract,
  });
  // Named first: without the flags tsc's own errors on every decorator hide the cause.
  const diagnostics: Diagnostic[] = missing.length
    ? [{ severity: 'error', message: decoratorFlagsMessage(options.project, missing) }, ...found]
    : [...found];
  let contractText: string | undefined;
  if (options.contract) {
    // The contract types every method, whatever parameter count the document describes.
    const all = extractApi(project, { ...only, rmc: true, contract, everyRemoteMethod: true });
    const built = buildContract(project, all, options.contract);
    diagnostics.push(...all.contractNotes, ...built.diagnostics);
    contractText = toStableJson(built.contract as unknown as Json);
  }
  const info: DocumentInfo = {
    title: options.title,
    version: options.version,
    ...(options.description ? { description: options.description } : {}),
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  };
  const document =
    options.openapi === '3.1' ? buildOpenApi31(model, info) : buildSwagger2(model, info);
  const invalid = await findSpecProblem(document);
  return {
    document,
    text: toStableJson(document),
    diagnostics: options.strict
      ? diagnostics.map((d) => ({ ...d, severity: 'error' as const }))
      : diagnostics,
    ...(invalid ? { invalid } : {}),
    ...(contractText === undefined ? {} : { contractText }),
  };
}

/** A tsconfig that the compiler cannot read: its message names the file and the reason. */
export class UnreadableProject extends Error {}

function openProject(tsConfigFilePath: string): Project {
  try {
    return new Project({ tsConfigFilePath });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnreadableProject(`cannot read ${tsConfigFilePath}: ${reason}`, { cause: error });
  }
}

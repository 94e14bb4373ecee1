import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Project, ts } from 'ts-morph';
import {
  CONTRACT_VERSION,
  type Contract,
  type ContractClass,
  type ContractMethod,
  type ContractSchema,
} from '../../runtime/contract/contract-format';
import { moduleHash } from '../../runtime/contract/read-contract';
import { type Extraction } from '../extract/extract';
import { type Diagnostic, type OperationModel } from '../model';

/** Where the contract goes and the command that writes it, for a stale contract's refusal. */
export interface ContractTarget {
  readonly file: string;
  readonly command: string;
}

function paramsOf(operation: OperationModel): readonly ContractSchema[] {
  const { schema } = operation.body;
  return operation.mode === 'RMC' && schema.kind === 'tuple' ? schema.items : [schema];
}

function requiredOf({ mode, body }: OperationModel): number {
  if (mode !== 'RMC') return body.required ? 1 : 0;
  return body.schema.kind === 'tuple' ? body.schema.minItems : 0;
}

function methodOf(operation: OperationModel): ContractMethod {
  return {
    microservice: operation.microservice,
    service: operation.service,
    method: operation.method,
    params: paramsOf(operation),
    required: requiredOf(operation),
    result: operation.result,
    ...(operation.callContext ? { callContext: operation.callContext } : {}),
  };
}

/** The compiled module of each project source file, as `tsc` writes it for this tsconfig. */
function compiledModules(project: Project): Map<string, string> {
  const program = project.getProgram().compilerObject;
  const commandLine = {
    options: program.getCompilerOptions(),
    fileNames: [...program.getRootFileNames()],
    errors: [],
  };
  const modules = new Map<string, string>();
  for (const file of program.getRootFileNames()) {
    if (file.endsWith('.d.ts')) continue;
    const js = ts.getOutputFileNames(commandLine, file, false).find((f) => /\.[cm]?js$/.test(f));
    if (js) modules.set(path.normalize(file), js);
  }
  return modules;
}

function relative(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join('/');
}

/**
 * The contract of an extraction made with `contract: true` (docs/design-contract.md): the types
 * of every described method, the classes behind named types, and a hash of each compiled module.
 * A module not compiled yet is an error: the contract must describe the code that will run.
 */
export function buildContract(
  project: Project,
  extraction: Extraction,
  target: ContractTarget,
): { contract: Contract; diagnostics: Diagnostic[] } {
  const dir = path.dirname(path.resolve(target.file));
  const compiled = compiledModules(project);
  const diagnostics: Diagnostic[] = [];
  const modules: Record<string, string> = {};
  for (const [source, js] of compiled) {
    if (existsSync(js)) {
      modules[relative(dir, js)] = moduleHash(js);
    } else {
      diagnostics.push({
        severity: 'error',
        message: `${relative(process.cwd(), js)} is not compiled yet: run tsc before generate-swagger --contract`,
        location: { file: source, line: 1 },
      });
    }
  }
  const classes: Record<string, ContractClass> = {};
  for (const [name, where] of extraction.classes) {
    const js = compiled.get(path.normalize(where.file));
    if (js) classes[name] = { module: relative(dir, js), name: where.name };
  }
  const contract: Contract = {
    portico: CONTRACT_VERSION,
    command: target.command,
    modules,
    classes,
    schemas: Object.fromEntries(extraction.model.schemas.map((s) => [s.name, s.schema])),
    methods: extraction.model.operations.map(methodOf),
  };
  return { contract, diagnostics };
}

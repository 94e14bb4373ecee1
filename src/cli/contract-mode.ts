import path from 'node:path';
import { type MicroserviceDefinition, type NativeAppDefinition } from '../microservices';
import { applyContract } from '../runtime/contract/apply-contract';
import { findContract, readContract } from '../runtime/contract/read-contract';

/** Which source types the served methods, for the start log line. */
export interface ContractMode {
  /** The log message: names the mode. */
  readonly message: string;
  readonly details: Record<string, unknown>;
}

/**
 * Types the native microservices of a module from the contract beside its compiled code, if the
 * build wrote one. Throws with one line, naming the command to run, for a stale contract.
 */
export function useContract(
  moduleFile: string,
  microservices: readonly MicroserviceDefinition[],
): ContractMode {
  const file = findContract(moduleFile);
  if (!file) {
    return {
      message: 'decorator mode: types come from the decorators (no portico-contract.json found)',
      details: {},
    };
  }
  const loaded = readContract(file);
  const natives = microservices.filter((m): m is NativeAppDefinition => m.type === 'nativeApp');
  const methods = applyContract(loaded, natives);
  return {
    message: 'contract mode: types come from the contract the build wrote',
    details: { contract: path.relative(process.cwd(), file) || file, methods },
  };
}

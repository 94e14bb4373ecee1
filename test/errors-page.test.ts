import { ERROR_STATUS } from '../src/errors';
import { readDoc } from './support/docs';

/** The rows of the table in docs/errors.md: `| status | `CODE` | when |`, one code a row. */
function documentedCodes(): [code: string, status: number][] {
  const rows = readDoc('docs/errors.md').matchAll(/^\| (\d{3}) \| `([A-Z_]+)` \| .+ \|$/gm);
  return [...rows].map(([, status, code]) => [code ?? '', Number(status)]);
}

describe('the error table of docs/errors.md', () => {
  const documented = documentedCodes();

  it('has one row per code', () => {
    const codes = documented.map(([code]) => code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
  });

  it('documents every code of src/errors.ts with its status', () => {
    const missing = Object.entries(ERROR_STATUS).filter(
      ([code, status]) => !documented.some(([name, told]) => name === code && told === status),
    );
    expect(missing).toEqual([]);
  });

  it('documents no code, and no status, that src/errors.ts does not have', () => {
    const table: Record<string, number> = ERROR_STATUS;
    expect(documented.filter(([code, status]) => table[code] !== status)).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';

// The files stay in examples/docs/public; compiled code runs from dist/examples/docs.
const beside = path.join(__dirname, 'public');

/** The directory of the examples' API description, swagger.json, and a page that links to it. */
export const DOCS_PUBLIC_DIR: string = existsSync(beside)
  ? beside
  : path.resolve(__dirname, '../../../examples/docs/public');

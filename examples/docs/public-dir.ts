import { existsSync } from 'node:fs';
import path from 'node:path';

// The files stay in examples/docs/public; compiled code runs from dist/examples/docs.
const beside = path.join(__dirname, 'public');

/** The directory that the `docs` microservice serves: the page, Swagger UI and swagger.json. */
export const DOCS_PUBLIC_DIR: string = existsSync(beside)
  ? beside
  : path.resolve(__dirname, '../../../examples/docs/public');

import { existsSync } from 'node:fs';
import path from 'node:path';
import { staticFiles } from 'portico';

// The files stay in examples/docs/public; compiled code runs from dist/examples/docs.
const beside = path.join(__dirname, 'public');
const dir = existsSync(beside) ? beside : path.resolve(__dirname, '../../../examples/docs/public');

/** The `docs` microservice: the API description and Swagger UI, readable from any origin. */
export default staticFiles({ name: 'docs', dir, cors: true });

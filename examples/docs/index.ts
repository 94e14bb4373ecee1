import { staticFiles } from 'portico';
import { DOCS_PUBLIC_DIR } from './public-dir';

/** The `docs` microservice: the API description and Swagger UI, readable from any origin. */
export default staticFiles({ name: 'docs', dir: DOCS_PUBLIC_DIR, cors: true });

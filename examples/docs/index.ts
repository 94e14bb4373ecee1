import path from 'node:path';
import { swaggerUi } from 'portico';
import { DOCS_PUBLIC_DIR } from './public-dir';

/**
 * The `docs` microservice: Swagger UI, from the installed swagger-ui-dist, on the API description
 * that `npm run generate-swagger` writes; both readable from any origin.
 */
export default swaggerUi({
  name: 'docs',
  document: path.join(DOCS_PUBLIC_DIR, 'swagger.json'),
  title: 'portico examples: API',
  cors: true,
});

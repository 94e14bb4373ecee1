import { MultiplierService } from '../examples/calc/multiplier.service';
import { classMeta } from '../src/decorators/metadata';
import { checkResult } from '../src/runtime/result-check';
import { libBJsonSerializer } from '../src/serialization/json';
import { libAXmlSerializer } from '../src/serialization/xml';

/**
 * The serializer of one row alone, in a loop: reads `mulTwo`'s argument, checks and writes its
 * result, `count` times (`xml` for libA XML, `json` for ROA JSON). Run under callgrind at two
 * counts, the difference of the totals over the difference of the counts is the instructions of
 * one call, without the process's start.
 */
const [family = 'xml', count = '100000'] = process.argv.slice(2);
const serializer = family === 'xml' ? libAXmlSerializer : libBJsonSerializer;
const body = family === 'xml' ? '<mulInput><a>2</a><b>3</b></mulInput>' : '{"a":2,"b":3}';
const method = classMeta(MultiplierService).methods.get('mulTwo');
if (!method?.returns) throw new Error('mulTwo is not declared');
const [param] = method.params;
const options = { ignoreUnknownFields: false, maxDepth: 64 };
const service = new MultiplierService();
let written = '';
for (let i = 0; i < Number(count); i++) {
  const result = service.mulTwo(serializer.readArgument(body, param!, options) as never);
  checkResult(result, method.returns);
  written = serializer.writeResult(result, method.returns) as string;
}
process.stdout.write(`${written}\n`);

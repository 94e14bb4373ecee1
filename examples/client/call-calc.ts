import { createClient, isRemoteError, withCallOptions } from 'portico/client';
import type { CalculatorService } from '../calc/calculator.service';
import type { MultiplierService } from '../calc/multiplier.service';

/** Calls the calc microservice of `npm start` through typed clients and prints the answers. */
export async function callCalc(baseUrl = 'http://localhost:8082'): Promise<void> {
  const calculator = createClient<CalculatorService>({
    baseUrl,
    microservice: 'calc',
    service: 'calculator',
    headers: { locale: 'en', user: 'ada' },
  });
  const multiplier = createClient<MultiplierService>({
    baseUrl,
    microservice: 'calc',
    service: 'multiplier',
    timeoutMs: 5000,
  });

  const { result } = await calculator.add({ a: 7, b: 2 }); // one argument: ROA
  console.log('7 + 2 =', result);
  console.log('6 * 7 =', await multiplier.mulOne(6, 7)); // two arguments: RMC

  try {
    await withCallOptions(calculator, { requestId: 'div-1' }).div({ a: 1, b: 0 });
  } catch (error) {
    if (!isRemoteError(error)) throw error;
    console.log(error.status, error.code, error.message, error.requestId);
  }
}

if (require.main === module) {
  callCalc(process.argv[2]).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

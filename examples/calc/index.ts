import { nativeApp } from 'portico';
import { CalculatorService } from './calculator.service';
import { MultiplierService } from './multiplier.service';

/** The `calc` microservice: the multiplier and the calculator. */
export default nativeApp({ name: 'calc', services: [MultiplierService, CalculatorService] });

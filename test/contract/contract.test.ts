import { buildProject } from './project';
import { describeContract } from './verdicts';

describeContract('the contract, on random payload classes', buildProject);

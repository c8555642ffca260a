/**
 * Calling admin tasks for the helpdesk.
 *   npm run admin -- trunks <locationId>
 *   npm run admin -- hunt-group <locationId> <huntGroupId>
 *   npm run admin -- ported
 */
import { checkTrunks } from './trunks.js';
import { describeHuntGroup } from './hunt-groups.js';
import { verifyPortedBatch } from './numbers.js';

const [task, ...args] = process.argv.slice(2);

async function main(): Promise<void> {
  switch (task) {
    case 'trunks':
      for (const line of await checkTrunks(args[0])) console.log(line);
      break;
    case 'hunt-group':
      console.log(await describeHuntGroup(args[0], args[1]));
      break;
    case 'ported':
      for (const n of await verifyPortedBatch()) console.log(`${n.phoneNumber}: ${n.state}${n.owner ? '' : ' (no owner)'}`);
      break;
    default:
      console.error('usage: admin trunks|hunt-group|ported ...');
      process.exitCode = 2;
  }
}

void main();

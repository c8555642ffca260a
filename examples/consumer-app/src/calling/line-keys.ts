import { webexClient } from '../lib/webex.js';

const api = webexClient();

/** Reception desk template: line 1 is the user's own line, 2 and 3 monitor the front desk line. */
export async function createReceptionTemplate(): Promise<string> {
  const { data } = await api.post('/telephony/config/devices/lineKeyTemplates', {
    templateName: 'Reception 8865',
    deviceModel: 'DMS Cisco 8865',
    lineKeys: [
      { lineKeyIndex: 1, lineKeyType: 'PRIMARY_LINE' },
      { lineKeyIndex: 2, lineKeyType: 'SHARED_LINE' },
      { lineKeyIndex: 3, lineKeyType: 'SHARED_LINE', sharedLineIndex: 2 },
      { lineKeyIndex: 4, lineKeyType: 'SPEED_DIAL', lineKeyLabel: 'Security', lineKeyValue: '4400' },
    ],
  });
  return (data as { id: string }).id;
}

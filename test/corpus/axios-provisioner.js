// Provisioning service (plain JavaScript, ES modules, axios). Reads a rollout sheet and configures calling.
import axios from 'axios';

const webex = axios.create({
  baseURL: 'https://webexapis.com/v1',
  headers: { Authorization: `Token ${process.env.WEBEX_TOKEN}` }, // expect: authorization-bearer-scheme
});

const TRUNK_ALERTS = {
  E1002: 'transport problem towards the SBC', // expect: trunk-error-codes-renamed
  E1005: 'SBC certificate chain expired', // expect: trunk-error-codes-renamed
  F_TO_FQDN_DNS_FAILURE: 'DNS lookup of the SBC failed',
};

export async function trunkAlerts(locationId) {
  const { data } = await webex.get('/telephony/config/premisePstn/trunks', { params: { locationId } });
  const alerts = [];
  for (const t of data.trunks) {
    const { data: trunk } = await webex.get(`/telephony/config/premisePstn/trunks/${t.id}`);
    for (const code of trunk.errorCodes) alerts.push(TRUNK_ALERTS[code] ?? code);
  }
  return alerts;
}

export async function listLocations() {
  const { data } = await webex.get('/locations', {
    headers: { 'Content-Type': 'application/json' }, // expect: get-request-content-type
  });
  return data.items;
}

export async function deskPhoneLayout(deviceId, monitorIds) {
  await webex.put(`/telephony/config/devices/${deviceId}/layout`, {
    layoutMode: 'CUSTOM',
    lineKeys: monitorIds.map((_, i) => ({ lineKeyIndex: i + 2, lineKeyType: 'SHARED_LINE', sharedLineIndex: i + 1 })),
    extra: [{ lineKeyIndex: 9, lineKeyType: 'SHARED_LINE' }], // expect: shared-line-index-required
  });
}

export async function setSimRing(workspaceId, numbers) {
  await webex.put(`/telephony/config/workspaces/${workspaceId}/simultaneousRing`, {
    enabled: true,
    'answerConfirmationEnabled': true, // expect: workspace-answer-confirmation-renamed
    phoneNumbers: numbers.map((phoneNumber) => ({ phoneNumber, answerConfirmationRequiredEnabled: false })),
  });
}

export async function voicemailRings(personId) {
  await webex.put(`/people/${personId}/features/voicemail`, {
    enabled: true,
    sendUnansweredCalls: { enabled: true, numberOfRings: 1 }, // expect: number-of-rings-range
  });
}

export async function auditNumbers(locationId) {
  const list = '+14155550100,+14155550101,+14155550102,+14155550103,+14155550104,+14155550105,+14155550106,+14155550107,+14155550108,+14155550109,+14155550110,+14155550111,+14155550112,+14155550113,+14155550114,+14155550115,+14155550116,+14155550117,+14155550118,+14155550119,+14155550120';
  const { data } = await webex.get(`/telephony/config/numbers?location=${locationId}&phoneNumbers=${list}`); // expect: phone-numbers-query-max
  return data.phoneNumbers;
}

export async function assignLicense(personId, licenseId) {
  try {
    await webex.patch('/licenses/users', { personId, licenses: [{ id: licenseId, operation: 'add' }] });
  } catch (e) {
    if (e.response?.data?.errorCode === 400707) return 'bad site url'; // expect: license-partial-success
    throw e;
  }
  return 'ok';
}

export async function vendorRegion(vendorId) {
  await webex.put('/telephony/config/callRecording/vendor', { vendorId, storageRegion: 'US' }); // expect: recording-vendor-storage-region-removed
}

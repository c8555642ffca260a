// Mobile device management export (an MDM vendor's API): device ids, ring settings of a door intercom.
interface MdmDevice {
  id: string;
  serialNumber: string;
  model: string;
}

export async function serials(apiKey: string): Promise<string[]> {
  const res = await fetch('https://mdm.example.net/api/v2/devices?limit=200', { headers: { 'X-Api-Key': apiKey } });
  const { devices } = (await res.json()) as { devices: MdmDevice[] };
  return devices.map((device) => `${device.id.toUpperCase()}:${device.serialNumber}`);
}

export const intercom = {
  name: 'Front door',
  numberOfRings: 30,
  businessContinuity: { plan: 'bcp-2024.pdf' },
};

export function answerPolicy(requireConfirm: boolean): Record<string, boolean> {
  return { answerConfirmationEnabledLocally: requireConfirm };
}

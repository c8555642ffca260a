import { paginate } from '../lib/webex.js';

interface Device {
  id: string;
  displayName: string;
  product: string;
  webexDeviceId: string;
  callingDeviceId: string;
  serial: string;
  connectionStatus: string;
}

/** Inventory export for the asset database: one row per device, keyed by the calling device id. */
export async function deviceInventory(token: string): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for await (const device of paginate<Device>('/devices', token)) {
    const macLike = device.callingDeviceId.toUpperCase();
    rows.set(macLike, [device.displayName, device.product, device.serial, device.connectionStatus]);
  }
  return rows;
}

/** Devices that can be reached by xAPI (they have a Webex device id). */
export async function xapiCapable(token: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const device of paginate<Device>('/devices', token)) {
    if (device.webexDeviceId?.length) ids.push(device.webexDeviceId);
  }
  return ids;
}

import { getJson } from '../lib/webex.js';

interface MeetingInfo {
  meetingLink: string;
  sipAddress: string;
  meetingNumber: string;
}

/** The "join from a video device" card the bot posts into a space. */
export async function joinCard(roomId: string, token: string): Promise<string> {
  const info = await getJson<MeetingInfo>(`/rooms/${roomId}/meetingInfo`, token);
  return `Join: ${info.meetingLink}\nVideo system: ${info.sipAddress}\nMeeting number: ${info.meetingNumber}`;
}

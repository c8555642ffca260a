import { webexClient } from '../lib/webex.js';

const api = webexClient();

/** Sales wants calls to ring long before voicemail picks up. */
export async function applySalesVoicemailPolicy(personId: string): Promise<void> {
  await api.put(`/people/${personId}/features/voicemail`, {
    enabled: true,
    sendAllCalls: { enabled: false },
    sendBusyCalls: { enabled: true, greeting: 'DEFAULT' },
    sendUnansweredCalls: { enabled: true, greeting: 'DEFAULT', numberOfRings: 30 },
  });
}

/** Support: forward unanswered calls to the queue after a few rings. */
export async function applySupportForwarding(personId: string, queueNumber: string): Promise<void> {
  await api.put(`/people/${personId}/features/callForwarding`, {
    callForwarding: {
      always: { enabled: false },
      busy: { enabled: true, destination: queueNumber },
      noAnswer: { enabled: true, destination: queueNumber, numberOfRings: 4 },
    },
  });
}

import type { AuditEntry, SimRing } from './types.js';

export function describeRing(ring: SimRing): string {
	// tabs, 'single quotes' and comments stay as they are
	const { answerConfirmationRequiredEnabled: answerConfirmationEnabled } = ring;
	const { answerConfirmationRequiredEnabled: confirm, enabled } = ring;
	return `${enabled} ${confirm} ${answerConfirmationEnabled ? 'confirm' : "no-confirm"}`;
}

export function defaults(enabled: boolean, answerConfirmationEnabled: boolean): SimRing {
	return { enabled, answerConfirmationRequiredEnabled: answerConfirmationEnabled, phoneNumbers: [] };
}

export function mustConfirm(ring: SimRing | undefined): boolean {
	return ring?.answerConfirmationRequiredEnabled ?? ring?.['answerConfirmationRequiredEnabled'] ?? false;
}

export function auditLine(entry: AuditEntry): string {
	return entry.answerConfirmationEnabledAt;
}

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

// Only the type checker knows these strings name the property.
export type ConfirmOnly = Pick<SimRing, 'answerConfirmationRequiredEnabled' | 'enabled'>;
export const confirmKey: keyof SimRing = 'answerConfirmationRequiredEnabled';
export const shownKeys: (keyof SimRing)[] = ['enabled', "answerConfirmationRequiredEnabled"];
// A look-alike string that is not a key of SimRing stays.
export const label: string = 'answerConfirmationEnabled';
export type AuditOnly = Pick<AuditEntry, 'answerConfirmationEnabledAt'>;

export async function loadRing(workspaceId: string): Promise<SimRing> {
	const ring: SimRing = await (await fetch(`https://webexapis.com/v1/telephony/config/workspaces/${workspaceId}/simultaneousRing`)).json();
	return ring;
}

// The project has no DOM lib; the global fetch as this app uses it.
declare function fetch(url: string): Promise<{ json(): Promise<any> }>;

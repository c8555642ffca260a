/** Workspace simultaneous ring settings, as this app models them. */
export interface SimRing {
  enabled: boolean;
  // kept in sync with the admin portal
  answerConfirmationRequiredEnabled: boolean;
  phoneNumbers: string[];
}

/** Not the platform's field: a timestamp of our own, which must keep its name. */
export interface AuditEntry {
  answerConfirmationEnabledAt: string;
}

export class RingPolicy {
  answerConfirmationRequiredEnabled = false;
  toggle(): boolean {
    this.answerConfirmationRequiredEnabled = !this.answerConfirmationRequiredEnabled;
    return this.answerConfirmationRequiredEnabled;
  }
}

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
  answerConfirmationEnabled = false;
  toggle(): boolean {
    this.answerConfirmationEnabled = !this.answerConfirmationEnabled;
    return this.answerConfirmationEnabled;
  }
}

// Outside the migrated root: never changed, even though it names the old property.
export const legacy = { answerConfirmationEnabled: true };

/**
 * What the platform's verification review of a provider's directory profile checks, and when a
 * change by the provider sends the profile back to it. The server decides with these functions
 * (`updateOwnProfile`); the profile screen uses the same ones to say so before the provider saves.
 */

/** The fields a reviewer checks: who the provider is and what they are registered as. */
export const REVIEWED_PROFILE_FIELDS = ['displayName', 'registrationNumber', 'qualifications', 'specialty', 'ndisRegistered'] as const;
export type ReviewedProfileField = (typeof REVIEWED_PROFILE_FIELDS)[number];

export interface ReviewedProfileValues {
  displayName: string;
  registrationNumber: string | null;
  qualifications: readonly string[];
  specialty: string;
  ndisRegistered: boolean;
}

/** Compared as the server stores them: trimmed, blank registration as none, qualifications in any order. */
function normalised(values: ReviewedProfileValues): Record<ReviewedProfileField, string | boolean> {
  return {
    displayName: values.displayName.trim(),
    registrationNumber: values.registrationNumber?.trim() ?? '',
    qualifications: JSON.stringify(values.qualifications.map((q) => q.trim()).sort()),
    specialty: values.specialty,
    ndisRegistered: values.ndisRegistered,
  };
}

/** The reviewed fields whose value differs between what was reviewed and what is saved now. */
export function reviewedFieldsChanged(before: ReviewedProfileValues, after: ReviewedProfileValues): ReviewedProfileField[] {
  const a = normalised(before);
  const b = normalised(after);
  return REVIEWED_PROFILE_FIELDS.filter((field) => a[field] !== b[field]);
}

/**
 * Whether a profile in this review status that changes these fields goes back to the review
 * (pending): a verified one leaves the directory until it is verified again, a rejected one is
 * sent for review again. A pending one is waiting already.
 */
export function changeReturnsToReview(status: 'pending' | 'verified' | 'rejected', changed: readonly ReviewedProfileField[]): boolean {
  return status !== 'pending' && changed.length > 0;
}

import { describe, expect, it } from 'vitest';
import { changeReturnsToReview, REVIEWED_PROFILE_FIELDS, reviewedFieldsChanged, type ReviewedProfileValues } from './profile-review';

const reviewed: ReviewedProfileValues = {
  displayName: 'Dr Ada Quill',
  registrationNumber: 'MED0001234',
  qualifications: ['MBBS', 'FRACGP'],
  specialty: 'family-medicine',
  ndisRegistered: false,
};

describe('what the verification review checks', () => {
  it('finds each reviewed field that changed', () => {
    const changes: [Partial<ReviewedProfileValues>, string[]][] = [
      [{ displayName: 'Dr Ada Quill-Smith' }, ['displayName']],
      [{ registrationNumber: 'MED0009999' }, ['registrationNumber']],
      [{ registrationNumber: null }, ['registrationNumber']],
      [{ qualifications: ['MBBS'] }, ['qualifications']],
      [{ qualifications: ['MBBS', 'FRACGP', 'PhD'] }, ['qualifications']],
      [{ specialty: 'dermatology' }, ['specialty']],
      [{ ndisRegistered: true }, ['ndisRegistered']],
      [{ displayName: 'Dr A. Quill', specialty: 'neurology' }, ['displayName', 'specialty']],
    ];
    for (const [change, fields] of changes) expect(reviewedFieldsChanged(reviewed, { ...reviewed, ...change })).toEqual(fields);
    expect(REVIEWED_PROFILE_FIELDS).toHaveLength(5);
  });

  it('ignores what the server would store the same: spaces, a blank number, the order of qualifications', () => {
    expect(reviewedFieldsChanged(reviewed, { ...reviewed })).toEqual([]);
    expect(reviewedFieldsChanged(reviewed, { ...reviewed, displayName: '  Dr Ada Quill ', registrationNumber: ' MED0001234 ', qualifications: ['FRACGP', ' MBBS'] })).toEqual([]);
    expect(reviewedFieldsChanged({ ...reviewed, registrationNumber: null }, { ...reviewed, registrationNumber: '   ' })).toEqual([]);
  });

  it('sends a verified or rejected profile back to the review when a reviewed field changes, never a pending one', () => {
    expect(changeReturnsToReview('verified', ['registrationNumber'])).toBe(true);
    expect(changeReturnsToReview('rejected', ['displayName'])).toBe(true);
    expect(changeReturnsToReview('pending', ['specialty'])).toBe(false);
    expect(changeReturnsToReview('verified', [])).toBe(false);
    expect(changeReturnsToReview('rejected', [])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DirectoryProfileInputSchema } from '~/shared/contracts/practice-profile';
import { ApiError } from '~/web/lib/api-error';
import { invalidFields, schemaInvalidFields } from './form-errors';

describe('invalidFields', () => {
  it('names the fields of a server problem by their first part after the request part', () => {
    const error = new ApiError({
      status: 400,
      code: 'request.invalid',
      problem: {
        type: 'https://tendwell.app/problems/request.invalid',
        title: 'Bad Request',
        status: 400,
        code: 'request.invalid',
        errors: [
          { path: 'body.displayName', code: 'too_small' },
          { path: 'body.conditions.2', code: 'too_big' },
          { path: 'body', code: 'unrecognized_keys' },
        ],
      },
    });
    expect([...invalidFields(error)]).toEqual(['displayName', 'conditions']);
  });

  it('is empty for anything else', () => {
    expect(invalidFields(new Error('boom')).size).toBe(0);
    expect(invalidFields(new ApiError({ status: 409, code: 'practice.profile-exists' })).size).toBe(0);
  });
});

describe('schemaInvalidFields', () => {
  it('names the fields the shared schema refuses', () => {
    const result = DirectoryProfileInputSchema.safeParse({
      displayName: ' ',
      title: '',
      bio: '',
      specialty: 'cardiology',
      otherSpecialties: [],
      languages: [],
      conditions: [],
      qualifications: [],
      registrationNumber: null,
      offersTelehealth: true,
      offersInPerson: false,
      acceptingNewPatients: true,
      ndisRegistered: false,
    });
    expect(result.success).toBe(false);
    if (!result.success) expect([...schemaInvalidFields(result.error)].sort()).toEqual(['displayName', 'languages']);
  });
});

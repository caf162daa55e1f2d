import { describe, expect, it } from 'vitest';
import { mediaProblem, worthFallingBack } from './media-errors';

const error = (name: string) => Object.assign(new Error(name), { name });

describe('mediaProblem', () => {
  it('maps what getUserMedia rejects with to what the person can do about it', () => {
    expect(mediaProblem(error('NotAllowedError'))).toBe('denied');
    expect(mediaProblem(error('PermissionDeniedError'))).toBe('denied');
    expect(mediaProblem(error('NotFoundError'))).toBe('not-found');
    expect(mediaProblem(error('OverconstrainedError'))).toBe('not-found');
    expect(mediaProblem(error('NotReadableError'))).toBe('in-use');
    expect(mediaProblem(error('SecurityError'))).toBe('insecure');
    expect(mediaProblem(new TypeError('no mediaDevices'))).toBe('unsupported');
    expect(mediaProblem(error('SomethingElse'))).toBe('other');
    expect(mediaProblem('not an error')).toBe('other');
    expect(mediaProblem(null)).toBe('other');
  });

  it('tries audio alone when a device is missing or busy, not when the person refused', () => {
    expect(worthFallingBack('not-found')).toBe(true);
    expect(worthFallingBack('in-use')).toBe(true);
    expect(worthFallingBack('denied')).toBe(false);
    expect(worthFallingBack('insecure')).toBe(false);
  });
});

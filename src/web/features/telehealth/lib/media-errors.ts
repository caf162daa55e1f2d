/**
 * Why the camera or microphone could not be used, from the error getUserMedia rejects with, so
 * the page can say what to do in plain words.
 */
export const MEDIA_PROBLEMS = ['denied', 'not-found', 'in-use', 'insecure', 'unsupported', 'other'] as const;
export type MediaProblem = (typeof MEDIA_PROBLEMS)[number];

export function mediaProblem(error: unknown): MediaProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'not-found';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    case 'SecurityError':
      return 'insecure';
    case 'TypeError':
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'other';
  }
}

/** Whether trying with less (audio only) could help: the device is missing or busy, not refused. */
export function worthFallingBack(problem: MediaProblem): boolean {
  return problem === 'not-found' || problem === 'in-use' || problem === 'other';
}

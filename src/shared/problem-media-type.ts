/** RFC 9457's media type. Apart from problem.ts so that the browser's API client need not load zod to name it. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

import { z } from 'zod';

/** RFC 9457 problem details as every error response carries them. */
export const ProblemFieldErrorSchema = z.object({
  path: z.string().max(500),
  code: z.string().max(100),
  message: z.string().max(500).optional(),
});

/** Loose: extension members (RFC 9457 §3.2, e.g. `slots`) are kept for the caller to read. */
export const ProblemSchema = z.looseObject({
  type: z.string().max(500),
  title: z.string().max(200),
  status: z.number().int().min(400).max(599),
  detail: z.string().max(2000).optional(),
  instance: z.string().max(200).optional(),
  code: z.string().max(100),
  errors: z.array(ProblemFieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
export type ProblemFieldError = z.infer<typeof ProblemFieldErrorSchema>;

export { PROBLEM_CONTENT_TYPE } from './problem-media-type.js';

export function problemType(code: string): string {
  return `https://tendwell.app/problems/${code}`;
}

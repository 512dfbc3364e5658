import { z } from 'zod';

export const sessionTokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  refresh_expires_at: z.string(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

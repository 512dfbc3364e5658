import { useQuery } from '@tanstack/react-query';
import { checkPasswordToken } from './api';

/** Checks a reset or invitation token (GET /api/password-resets?token=). */
export const usePasswordToken = (token: string) =>
  useQuery({ queryKey: ['password-token', token], queryFn: () => checkPasswordToken(token), retry: false });

import type { FirmTerms, PublishTermsRequest } from '@portal/contracts';
import { api } from '../../api';

export const fetchFirmTerms = (accountingFirmId: number) =>
  api.get<FirmTerms>(`accounting-firms/${accountingFirmId}/terms`);

export const publishFirmTerms = (accountingFirmId: number, body: PublishTermsRequest) =>
  api.post<FirmTerms>(`accounting-firms/${accountingFirmId}/terms`, body);

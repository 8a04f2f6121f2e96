import { useMutation } from '@tanstack/react-query';
import { ContactEnquiryResponse, type ContactEnquiryInput } from '@shared/contracts/contact.js';
import { apiFetch } from '@/lib/api.js';

/** POST /api/contact: stores the enquiry and e-mails the lodge. */
export const sendEnquiry = (enquiry: ContactEnquiryInput) =>
  apiFetch('/api/contact', { method: 'POST', body: enquiry, schema: ContactEnquiryResponse });

export function useSendEnquiry() {
  return useMutation({ mutationKey: ['contact', 'enquiry'], mutationFn: sendEnquiry });
}

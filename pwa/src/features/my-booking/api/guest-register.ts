import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GuestRegisterEntry, GuestRegisterResponse, type RegisterEntryFieldsInput } from '@shared/contracts/lodger-register.js';
import { apiFetch } from '@/lib/api.js';

/** The guest's side of the register of lodgers, by the token of their link (pre-arrival check-in). */
const path = (token: string) => `/api/guest/bookings/${encodeURIComponent(token)}/register`;

const guestRegisterQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['guest-register', token],
    queryFn: ({ signal }) => apiFetch(path(token), { schema: GuestRegisterResponse, signal }),
    // The lodge may register someone at the desk meanwhile: read it again whenever the page opens.
    staleTime: 0,
  });

export function useGuestRegister(token: string) {
  return useQuery(guestRegisterQueryOptions(token));
}

interface RegisterSubmission {
  /** Made on the phone and kept with the draft: a retry after a dropped connection writes the same entry. */
  entryId: string;
  fields: Required<{ [K in keyof RegisterEntryFieldsInput]: string }>;
  signature: Blob;
  idCopy: File;
}

/** PUT .../register/:entryId, multipart: the seven fields as text parts, then the two files. */
export function useSubmitRegisterEntry(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, fields, signature, idCopy }: RegisterSubmission) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('signature', signature, 'signature.png');
      form.append('idCopy', idCopy, idCopy.name);
      return apiFetch(`${path(token)}/${encodeURIComponent(entryId)}`, { method: 'PUT', body: form, schema: GuestRegisterEntry });
    },
    onSuccess: (entry) => {
      queryClient.setQueryData(guestRegisterQueryOptions(token).queryKey, (old) =>
        old ? { ...old, entries: [...old.entries.filter((e) => e.id !== entry.id), entry] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['guest-register', token] });
    },
  });
}

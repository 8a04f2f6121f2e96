import { useMutation } from '@tanstack/react-query';
import {
  BankStatementResponse,
  ConfirmStatementResponse,
  type BankLayout,
  type ConfirmStatementRequest,
} from '@shared/contracts/bank-statements.js';
import { apiFetch } from '@/lib/api.js';
import { syncNow } from '@/offline/engine.js';

export interface StatementUpload {
  file: File;
  bank: BankLayout;
  /** 1-based; only for Other. */
  columns?: { date: number; description: number; amount: number };
}

/** POST /api/admin/payments/bank-statements: multipart `file` with the bank (and the columns for Other). */
export function uploadStatement(upload: StatementUpload) {
  const form = new FormData();
  form.append('bank', upload.bank);
  if (upload.bank === 'other' && upload.columns) {
    form.append('dateColumn', String(upload.columns.date));
    form.append('descriptionColumn', String(upload.columns.description));
    form.append('amountColumn', String(upload.columns.amount));
  }
  form.append('file', upload.file, upload.file.name);
  return apiFetch('/api/admin/payments/bank-statements', { method: 'POST', body: form, schema: BankStatementResponse });
}

/** POST /api/admin/payments/bank-statements/:id/confirm */
export function confirmStatement(statementId: string, input: ConfirmStatementRequest) {
  return apiFetch(`/api/admin/payments/bank-statements/${statementId}/confirm`, { method: 'POST', body: input, schema: ConfirmStatementResponse });
}

export function useUploadStatement() {
  return useMutation({ mutationFn: uploadStatement });
}

/** Confirming changes bookings: a sync run brings their new payment state to this device. */
export function useConfirmStatement() {
  return useMutation({
    mutationFn: ({ statementId, input }: { statementId: string; input: ConfirmStatementRequest }) => confirmStatement(statementId, input),
    onSettled: () => {
      void syncNow().catch(() => undefined);
    },
  });
}

import fs from 'node:fs/promises';
import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { filesOf, multipartUpload } from '../../http/multipart.js';
import { MAX_UPLOAD_BYTES } from '../../../../shared/contracts/guest-bookings.js';
import { BANK_STATEMENT_MESSAGES, BankStatementUploadFields, ConfirmStatementRequest } from '../../../../shared/contracts/bank-statements.js';
import { confirmStatement, uploadStatement } from './bank-statements.service.js';

export function bankStatementRoutes(router: Router<AppState>, deps: Deps): void {
  router.post(
    '/admin/payments/bank-statements',
    multipartUpload({
      field: 'file',
      maxFiles: 1,
      maxFileBytes: MAX_UPLOAD_BYTES,
      tooLarge: { message: BANK_STATEMENT_MESSAGES.tooLarge, detail: BANK_STATEMENT_MESSAGES.tooLarge },
      notMultipart: BANK_STATEMENT_MESSAGES.fileRequired,
      fileRequired: BANK_STATEMENT_MESSAGES.fileRequired,
    }),
    async (ctx) => {
      const user = currentUser(ctx);
      const fields = parse(BankStatementUploadFields, ctx.request.body ?? {});
      const [file] = filesOf(ctx, 'file', 1, BANK_STATEMENT_MESSAGES.fileRequired);
      const content = await fs.readFile(file.filepath);
      const columns =
        fields.bank === 'other' ? { date: fields.dateColumn!, description: fields.descriptionColumn!, amount: fields.amountColumn! } : undefined;
      ctx.status = 201;
      ctx.body = await uploadStatement(deps, user, { content, fileName: file.originalFilename ?? 'statement.csv', bank: fields.bank, columns });
    },
  );

  router.post('/admin/payments/bank-statements/:id/confirm', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    const input = parse(ConfirmStatementRequest, ctx.request.body);
    ctx.body = await confirmStatement(deps, currentUser(ctx), id, input);
  });
}

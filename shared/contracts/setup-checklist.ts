import { z } from 'zod';

/** The first-run checklist's items, in the order the dashboard lists them. */
export const SETUP_ITEM_KEYS = ['lodgeName', 'contact', 'banking', 'paystack', 'pictures'] as const;
export type SetupItemKey = (typeof SETUP_ITEM_KEYS)[number];

export const SetupChecklistItem = z.object({
  key: z.enum(SETUP_ITEM_KEYS),
  label: z.string(),
  /** What is missing, in a sentence; for a done item, what is set. */
  detail: z.string(),
  done: z.boolean(),
  /** The back-office page where it is fixed. */
  href: z.string(),
});
export type SetupChecklistItem = z.infer<typeof SetupChecklistItem>;

/** GET /api/admin/setup-checklist (SuperAdmin): what a new install still has to set. */
export const SetupChecklist = z.object({
  items: z.array(SetupChecklistItem),
  /** Every item done: the dashboard shows no checklist. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof SetupChecklist>;

/** The name a new install is called until the lodge sets its own. */
export const DEFAULT_LODGE_NAME = 'Our Lodge';

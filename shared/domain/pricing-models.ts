/**
 * The names a type's pricing is given in (party-pricing.ts has the rules that use them). Kept
 * in a module of their own, with no imports, because the first page's JavaScript checks an
 * accommodation's answer against them (pwa/src/lib/light-contracts.ts): a bundle places a
 * module whole, so importing them from party-pricing.ts put the pricing rules, and the money
 * helpers they use, on every phone's first page.
 */
export const PRICING_MODELS = ['per_unit', 'per_person_sharing'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const MEAL_PLANS = ['Room only', 'Bed and breakfast', 'Half board', 'Full board', 'Fully inclusive'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

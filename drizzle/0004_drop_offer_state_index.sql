DROP INDEX "social_applies_offer_state_idx";

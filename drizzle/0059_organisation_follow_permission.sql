-- Following the whole organisation's candidates was the administrators' by their role; it is now the permission
-- candidate.organisation.follow, an administrator's by default. The lists an organisation (its matrix) or an
-- administrator set for an administrator before it existed keep what they allowed.
UPDATE "organisation_role_permissions"
SET "permissions" = array_append("permissions", 'candidate.organisation.follow')
WHERE "role" = 'admin' AND NOT ('candidate.organisation.follow' = ANY ("permissions"));
--> statement-breakpoint
UPDATE "user"
SET "permissions" = array_append("permissions", 'candidate.organisation.follow')
WHERE "role" = 'admin' AND "permissions" IS NOT NULL AND NOT ('candidate.organisation.follow' = ANY ("permissions"));

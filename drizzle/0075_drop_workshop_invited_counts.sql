-- Issue 41 §1: the invited share of a session's marks is on the session's row since 0074.
DROP TABLE "workshop_invited_counts" CASCADE;

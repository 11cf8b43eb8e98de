-- Placeholder for the number 005 (the learn store's PostgreSQL migration takes it); it
-- changes nothing, so that the numbers run without gaps.
SELECT 1;

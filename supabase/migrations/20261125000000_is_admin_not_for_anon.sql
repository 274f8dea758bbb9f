-- Hardening found by the policy matrix (tests/integration/policy-matrix.test.ts): anonymous API callers
-- could ask public.is_admin(uid) about any user id they knew. No policy evaluated for `anon` calls it (the
-- admin policies are all `to authenticated`), so anonymous callers lose the right to execute it.
revoke execute on function public.is_admin(uuid) from anon;

// The tests register and sign in some two thousand members: each at argon2id's cheap cost
// (domain/accounts/passwords.ts, PASSWORD_HASH_COST=light; the API instances the tests start as
// processes get it from vitest.config.ts's env). config.test.ts checks the standard cost's hashes.
import { usePasswordHashCost } from '../src/domain/accounts/passwords.ts';

usePasswordHashCost('light');

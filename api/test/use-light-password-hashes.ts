// The tests register and sign in some two thousand members: each at argon2id's cheap cost
// (domain/accounts/passwords.ts), as vitest.config.ts's PASSWORD_HASH_COST says, which the API
// instances the tests start as processes read too. config.test.ts checks the standard cost's hashes.
import { usePasswordHashCost } from '../src/domain/accounts/passwords.ts';

usePasswordHashCost(process.env.PASSWORD_HASH_COST === 'light' ? 'light' : 'standard');

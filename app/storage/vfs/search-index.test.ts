import { searchIndexCases } from '../../../tests/support/search-index-cases';

// The search index on SQLite (the FTS5 trigram table); the same cases run on PostgreSQL in
// tests/integration/search-index-postgres.test.ts.
searchIndexCases(() => ({}));

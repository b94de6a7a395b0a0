import { useTestCosts } from "~/server/test-costs";

// The integration tests (the db project) make thousands of accounts and wait on the test
// gateway's pretend bank: both at the harness's cost (server/test-costs.ts, decision 0048).
useTestCosts();

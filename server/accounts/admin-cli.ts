// `npm run admin:create`: makes the first admin of a real shop (or any admin), verified at once.
//   npm run admin:create -- --email owner@shop.ng --name "Ngozi Eze" --phone 2348012345678
// The first admin it makes is an owner (issue 18); later ones are staff unless `--owner` is given.
// Anything not given as a flag is asked for; the password comes from ADMIN_PASSWORD or a hidden prompt.
// `--reset-two-factor --email …` turns an admin's two-step sign-in off instead (issue 27): the way
// back in for a shop's only owner who lost both the phone and the recovery codes.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { hasOwner } from "../admin/staff";
import { normalizeEmail } from "~/common/accounts";
import { createVerifiedAccount } from "./accounts";
import { resetTwoFactorFromServer } from "./two-factor";
import { firstProblem, signUpInput } from "./input";

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (s.startsWith(question)) process.stdout.write(question);
    };
  }
  try {
    return await rl.question(question);
  } finally {
    if (hidden && process.stdin.isTTY) process.stdout.write("\n");
    rl.close();
  }
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    phone: { type: "string" },
    owner: { type: "boolean" },
    "reset-two-factor": { type: "boolean" },
  },
});

if (values["reset-two-factor"]) {
  const email = normalizeEmail(values.email ?? (await ask("E-mail: ")));
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await handle.migrate();
    const reset = await resetTwoFactorFromServer(handle.db, email);
    console.log(
      reset
        ? `Two-step sign-in is off for ${email}, and every session ended: sign in with the password and set it up again.`
        : `No admin has the e-mail ${email}.`,
    );
    if (!reset) process.exitCode = 1;
  } finally {
    await handle.close();
  }
  process.exit();
}

const input = signUpInput.safeParse({
  email: values.email ?? (await ask("E-mail: ")),
  fullName: values.name ?? (await ask("Full name: ")),
  phoneNumber: values.phone ?? (await ask("Phone number: ")),
  password: process.env.ADMIN_PASSWORD || (await ask("Password (at least 8 characters): ", true)),
});
if (!input.success) {
  console.error(firstProblem(input.error));
  process.exit(1);
}

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await handle.migrate();
  const adminRole = values.owner || !(await hasOwner(handle.db)) ? "owner" : "staff";
  const result = await createVerifiedAccount(handle.db, "admin", input.data, { adminRole });
  if (!result.ok) {
    console.error(`An admin with the e-mail ${input.data.email} already exists.`);
    process.exitCode = 1;
  } else {
    console.log(`Admin ${result.account.email} created (${adminRole}). Log in at ${config.publicUrl}/adminlogin`);
  }
} finally {
  await handle.close();
}

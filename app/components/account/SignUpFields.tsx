import { PHONE_PLACEHOLDER } from "~/common/accounts";
import { PasswordField, TextField } from "./fields";

/** The four sign-up fields of requirements §3.9 (fullName, email, password, phoneNumber), plus a confirm box. */
export function SignUpFields({ confirmPassword = false }: { confirmPassword?: boolean }) {
  return (
    <>
      <TextField label="Full Name" name="fullName" autoComplete="name" required maxLength={100} />
      <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required />
      <TextField label="Phone Number" name="phoneNumber" type="tel" inputMode="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} required />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={<p className="mt-1 text-xs text-slate-500">At least 8 characters.</p>}
      />
      {confirmPassword ? <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" required /> : null}
    </>
  );
}

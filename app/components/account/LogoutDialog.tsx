import { Form } from "react-router";
import { messages } from "~/common/messages";
import { buttonStyles, Dialog } from "../Dialog";

/** Logout's question (requirements §4.1: 'Do you want to log out?'); Yes posts `intent=logout` to `action`, or to this page. */
export function LogoutDialog({ open, onClose, action }: { open: boolean; onClose: () => void; action?: string }) {
  return (
    <Dialog
      open={open}
      title={messages.logoutConfirm}
      onClose={onClose}
      actions={
        <>
          <Form method="post" action={action}>
            <button type="submit" name="intent" value="logout" className={buttonStyles.primary}>
              Yes, log out
            </button>
          </Form>
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
        </>
      }
    />
  );
}

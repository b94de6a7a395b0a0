import { Form } from "react-router";
import { messages } from "~/common/messages";
import { buttonStyles, Dialog } from "../Dialog";
import { clearCartQueue } from "~/app/cart-queue";

/** Logout's question (requirements §4.1: 'Do you want to log out?'); Yes posts `intent=logout` to `action`, or to this page. */
export function LogoutDialog({ open, onClose, action }: { open: boolean; onClose: () => void; action?: string }) {
  return (
    <Dialog
      open={open}
      title={messages.logoutConfirm}
      onClose={onClose}
      actions={
        <>
          {/* The cart changes kept offline were this customer's (app/cart-queue.ts). */}
          <Form method="post" action={action} onSubmit={clearCartQueue}>
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

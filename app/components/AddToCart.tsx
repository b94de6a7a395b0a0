import { useState } from "react";
import { useNavigate } from "react-router";
import { messages } from "../../common/messages";
import { CartIcon } from "./icons";
import { buttonStyles, Dialog } from "./Dialog";

/**
 * Add to Cart. A visitor is asked to log in first (spec §4); a signed-in customer's add goes to
 * the server cart (the checkout issue wires that in).
 */
export function AddToCart({ disabled = false }: { disabled?: boolean }) {
  const [prompt, setPrompt] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className={`${buttonStyles.accent} w-full sm:w-auto`} disabled={disabled} onClick={() => setPrompt(true)}>
        <CartIcon className="h-5 w-5" /> {disabled ? "Out of stock" : "Add to Cart"}
      </button>
      <Dialog
        open={prompt}
        title={messages.loginToProceed}
        onClose={() => setPrompt(false)}
        actions={
          <>
            <button type="button" className={buttonStyles.primary} onClick={() => navigate("/userlogin")}>
              Login
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setPrompt(false)}>
              Cancel
            </button>
          </>
        }
      >
        Sign in to your account to add items to your cart.
      </Dialog>
    </>
  );
}

import { createContext, useContext } from "react";

// The nonce of this response's inline scripts (server/security.ts), given to React Router's
// script elements. Only the server knows it: in the browser it is undefined, and a browser hides
// the attribute's value anyway.
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

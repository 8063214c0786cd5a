import { createContext, useContext } from "react";

/**
 * The visitor forms' signed "rendered at" stamp (the time trap, decision 062), given by
 * entry.server to the server render only, like the stylesheet (nonce.tsx): it never rides in the
 * hydration data. The browser has none; the
 * hidden inputs that carry it keep the server's value (suppressHydrationWarning).
 */
const FormStampContext = createContext<string | undefined>(undefined);

export const FormStampProvider = FormStampContext.Provider;

export const useFormStamp = () => useContext(FormStampContext);

import { useLocation, useNavigate } from "react-router";
import { ChevronLeftIcon } from "./icons";

/** Back to where the shopper came from; to the home page when they arrived here directly. */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      onClick={() => void (location.key !== "default" ? navigate(-1) : navigate("/"))}
      className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <ChevronLeftIcon className="h-4 w-4" /> Back
    </button>
  );
}
